import CoachCrypto
import CoachKit
import CoachTrust
import Foundation

@testable import CoachStore

/// An in-memory stand-in for the club server in store tests: per-stream sequences and hash
/// chains, a compare-and-swap on each object's version, and a push that stores all or nothing.
/// It checks no signature, so tests can make it serve what an attacker would.
struct SyncTestServer {
    var streams: [AthleteID: [ReceivedChange]] = [:]
    var versions: [String: Int64] = [:]

    /// Takes the replica's pending batch; false, storing nothing, when a base is stale.
    mutating func push(_ ws: Workspace) throws -> Bool {
        let (batch, entries) = try ws.pendingBatch(limit: 1000)
        guard !entries.isEmpty else { return true }
        var versions = self.versions
        var streams = self.streams
        for entry in entries {
            let change = try ChangeEnvelope.decode(entry.envelope)
            let key = "\(entry.athleteId)/\(change.object)"
            if let current = versions[key], current != change.baseVersion { return false }
            versions[key] = change.version
            append(change, to: entry.athleteId, in: &streams)
        }
        self.versions = versions
        self.streams = streams
        try ws.acknowledgeBatch(batch, sequences: entries.map(\.sequence))
        return true
    }

    /// Appends a change as the server would, extending the stream's hash chain.
    func append(
        _ change: ChangeEnvelope, to athlete: AthleteID,
        in streams: inout [AthleteID: [ReceivedChange]]
    ) {
        let stream = streams[athlete] ?? []
        let head = stream.last?.streamHead ?? ReceivedChange.genesisHead
        streams[athlete] =
            stream + [
                ReceivedChange(
                    athleteId: athlete, sseq: Int64(stream.count + 1),
                    streamHead: ReceivedChange.head(after: head, changeHash: change.hash),
                    envelope: change.encoded())
            ]
    }

    /// Every change after the replica's cursors.
    func page(for ws: Workspace) throws -> [ReceivedChange] {
        let cursors = try ws.streamCursors()
        return streams.keys.sorted { $0.rawValue < $1.rawValue }.flatMap { athlete in
            (streams[athlete] ?? []).filter { $0.sseq > cursors[athlete] ?? 0 }
        }
    }

    /// One `coach sync`: pull, push (pulling and pushing again when a base was stale), pull.
    @discardableResult
    mutating func sync(_ ws: Workspace, as actor: Principal) throws -> ApplyReport {
        var report = try ws.applyPulled(try page(for: ws), as: actor)
        if try !push(ws) {
            let again = try ws.applyPulled(try page(for: ws), as: actor)
            report.conflicts += again.conflicts
            guard try push(ws) else { throw StoreError.conflict("still stale") }
        }
        _ = try ws.applyPulled(try page(for: ws), as: actor)
        return report
    }
}
