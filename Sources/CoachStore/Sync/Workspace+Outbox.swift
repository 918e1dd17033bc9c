import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// One record row a write put in (`body` its nonce and ciphertext) or took out (`body`
    /// nil: a tombstone), as its change envelope describes it.
    struct RowChange {
        let athleteId: String
        let object: String
        let kind: String
        let day: String
        let epoch: Int
        /// The row's version after the change (a tombstone's is the deleted row's plus one).
        let version: Int
        let body: [UInt8]?
    }

    /// Signs and queues the change a write makes to one record row, when the workspace syncs;
    /// nothing otherwise (one indexed read).
    ///
    /// The body is the row's own nonce and ciphertext, sealed under the athlete's epoch key
    /// with the record's associated data, so nothing is sealed again. The change takes the
    /// replica's next hybrid clock value and continues this machine's device chain; it goes to
    /// the outbox and becomes the change behind the record (`record_changes`). Once this
    /// replica verified a head of the server's log, the change names it as `seen`.
    ///
    /// - Throws: `SyncFailure.deviceNotOpen` when the workspace syncs and no device key of
    ///   `author` is open.
    func noteRowChange(_ db: Database, _ change: RowChange, author: UserID?) throws {
        guard
            let packed = try Int64.fetchOne(db.cachedStatement(sql: SyncTables.clock))
        else { return }
        guard let signer = syncSigner.withLock({ $0 }),
            author == nil || author == signer.userId
        else { throw SyncFailure.deviceNotOpen }
        let clock = HybridTimestamp(packed: UInt64(bitPattern: packed)).next(now: nowMilliseconds)
        try db.cachedStatement(sql: SyncTables.setClock).execute(
            arguments: [Int64(bitPattern: clock.packed)])
        var tip = try SyncTip.load(db, device: signer.device)
        var envelope = ChangeEnvelope(
            workspaceId: try workspaceId(db), stream: .athlete(AthleteID(change.athleteId)),
            object: change.object, kind: change.kind, day: change.day,
            operation: change.body == nil ? .delete : .put,
            baseVersion: Int64(change.version - 1), clock: clock, device: signer.device,
            author: signer.userId, epoch: Int64(change.epoch), sequence: tip.sequence + 1,
            previousHash: tip.hash, body: change.body ?? [],
            seen: try SignedTreeHead.held(in: db)?.position)
        envelope.sign(by: signer.keys)
        let bytes = Data(envelope.encoded())
        let base = try Data.fetchOne(
            db.cachedStatement(
                sql: "SELECT envelope FROM record_changes WHERE athlete_id = ? AND object = ?"),
            arguments: [change.athleteId, change.object])
        try db.cachedStatement(sql: SyncTables.insertOutbox).execute(
            arguments: [
                signer.device.rawValue, envelope.sequence, change.athleteId, change.object, bytes,
                base,
            ])
        try db.cachedStatement(sql: SyncTables.upsertRecordChange).execute(
            arguments: [
                change.athleteId, change.object, change.version, change.body == nil, bytes,
            ])
        tip.sequence = envelope.sequence
        tip.hash = envelope.hash
        try tip.save(db)
    }

    /// The version an object's next row takes when no row holds it: one more than its
    /// tombstone's, so a record deleted and made again continues the server's history.
    func versionAfterTombstone(_ db: Database, athleteId: String, object: String) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: SyncTables.recordChangeVersion),
            arguments: [athleteId, object]) ?? 0
    }

    /// The workspace id the file records.
    func workspaceId(_ db: Database) throws -> String {
        guard
            let id = try String.fetchOne(
                db.cachedStatement(sql: "SELECT value FROM meta WHERE key = 'workspace_id'"))
        else { throw StoreError.corrupt("the workspace id is missing") }
        return id
    }
}
