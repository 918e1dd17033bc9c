import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// The newest evidence this replica kept of a server log it refused, as the JSON written
    /// when it was found; nil when none is kept.
    ///
    /// - Returns: its kind and its `coach-log-evidence/1` JSON.
    public func newestLogEvidence() throws -> (kind: String, json: String)? {
        try read { db in
            try Row.fetchOne(db, sql: SyncEvidenceTables.newest).map {
                (kind: $0["kind"] as String, json: $0["json"] as String)
            }
        }
    }

    /// Keeps the evidence of a refused served head in a transaction of its own (whatever the
    /// refusal rolled back stays rolled back). The refusal stands even if this fails: the
    /// evidence is then missing, never the refusal.
    ///
    /// - Parameters:
    ///   - failure: the refusal; only rollbacks and forks of all kinds keep evidence.
    ///   - key: the owner's certificate of the log key.
    ///   - held: the head verified here before, if any.
    ///   - served: the head refused.
    ///   - proof: the proof served with it.
    func keepLogEvidence(
        _ failure: LogFailure, key: LogKeyCertificate, held: SignedTreeHead?,
        served: SignedTreeHead, proof: LogEvidence.Proof?,
        change: LogEvidence.Change? = nil, checkpoint: [UInt8]? = nil
    ) {
        guard let kind = LogEvidence.kind(of: failure) else { return }
        let now = nowMilliseconds
        let evidence = LogEvidence(
            workspace: served.workspaceId,
            server: (try? syncStatus().server) ?? "",
            kind: kind,
            time: Instant(epochSeconds: (Double(now) / 1000).rounded(.down), offsetSeconds: 0)
                .description,
            problem: failure.problemDescription,
            logKey: LogEvidence.Key(key),
            heads: (held.map { [LogEvidence.Head($0, role: "held")] } ?? [])
                + [LogEvidence.Head(served, role: "served")],
            proof: proof, change: change, checkpoint: checkpoint.map { Hashing.hex($0) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let json = try? encoder.encode(evidence) else { return }
        try? write { db in
            try db.execute(
                sql: SyncEvidenceTables.insert,
                arguments: [kind, now, String(decoding: json, as: UTF8.self)])
        }
    }
}
