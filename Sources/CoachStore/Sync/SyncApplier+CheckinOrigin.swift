import CoachKit
import CoachTrust
import Foundation
import GRDB

extension SyncApplier {
    /// Whether a pulled wellness put is written, by the check-in item its origin names: one
    /// item makes one record on every replica, even when two laptops ingested it (the first
    /// one's lease ran out while it was slow, and the server handed the item to the second).
    ///
    /// The ledger (`checkin_ledger`) names the record that holds each item, ingested here or
    /// pulled. Of two records of one item the smaller id is kept, whatever order they arrive
    /// in, so replicas converge: a larger one is not written (counted superseded); a smaller
    /// one replaces the one held, whose row, change and queued changes of this machine go.
    /// A put without an origin, or of the record the ledger names, is written as usual.
    ///
    /// - Returns: false when the change is not written.
    mutating func takesCheckinOrigin(
        _ envelope: ChangeEnvelope, payload: [UInt8]?, keyring: AthleteKeyring,
        report: inout ApplyReport
    ) throws -> Bool {
        guard envelope.kind == RecordKind.wellness.rawValue, let payload,
            let origin = try? JSONCoding.decode(WellnessEntry.self, from: payload).origin
        else { return true }
        let held = try String.fetchOne(
            db, sql: CheckinTables.ledgerRecord, arguments: [origin.item])
        if let held, held == envelope.object { return true }
        if let held, held < envelope.object {
            report.superseded += 1
            return false
        }
        if let held { try dropDuplicate(held, keyring: keyring) }
        try db.execute(
            sql: CheckinTables.upsertLedger,
            arguments: [
                origin.item, keyring.athleteId, origin.device, envelope.object,
                workspace.nowMilliseconds,
            ])
        return true
    }

    /// Removes record `object`, the larger duplicate of a check-in: its row (record head and
    /// snapshot kept in step), the change behind it, and this machine's queued changes of it
    /// (the outbox is chained again at the end of the page).
    private mutating func dropDuplicate(_ object: String, keyring: AthleteKeyring) throws {
        let athleteId = keyring.athleteId
        try workspace.noteRecordsChanged(db, athleteId: athleteId, actor: actor, incremental: true)
        let num = try workspace.athleteNum(db, athleteId: keyring.id)
        let key = StatementArguments([num.databaseValue, RecordIdColumn.value(object)])
        if let existing = try Row.fetchOne(
            db,
            sql: """
                SELECT id, kind, day, epoch, version, nonce, ciphertext FROM records
                WHERE athlete_num = ? AND id = ?
                """,
            arguments: key)
        {
            try db.execute(
                sql: "DELETE FROM records WHERE athlete_num = ? AND id = ?", arguments: key)
            try workspace.noteRecordDelta(
                athleteId: athleteId, keyring: keyring, removed: try Workspace.leaf(of: existing),
                added: nil)
            try workspace.updateSnapshot(
                db, keyring: keyring, kind: .wellness, remove: (object, existing["day"] as String),
                insert: nil)
        }
        try db.execute(
            sql: "DELETE FROM record_changes WHERE athlete_id = ? AND object = ?",
            arguments: [athleteId, object])
        if let device = workspace.syncSigner.withLock({ $0?.device }) {
            try db.execute(
                sql: SyncTables.deleteOutboxOfObject,
                arguments: [device.rawValue, athleteId, object])
            if db.changesCount > 0 { rechain = true }
        }
    }
}
