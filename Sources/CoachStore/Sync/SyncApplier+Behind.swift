import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

/// What a merge reads back from the file besides the pulled change: the change behind a
/// record and the base a queued change was made on. Neither table is signed as a whole, so
/// each is tied to something that is before a merge trusts it.
extension SyncApplier {
    /// Checks that `behind`, the change `record_changes` names behind a record, is the change
    /// that made the record's current row: the same object and stream, and for a put the same
    /// kind, day, epoch, version and sealed body (nonce and ciphertext) as the row; for a
    /// delete, no row. A genuine but older change written there would otherwise roll the row
    /// back and have the record head signed again over it.
    ///
    /// - Throws: `StoreError.tampered` naming the record when it is not.
    func checkBehind(
        _ behind: ChangeEnvelope, athlete: String, object: String, keyring: AthleteKeyring
    ) throws {
        let what = "the change behind record \(object) in this workspace file"
        guard behind.object == object, behind.stream == .athlete(AthleteID(athlete)) else {
            throw StoreError.tampered(what)
        }
        let num = try workspace.athleteNum(db, athleteId: keyring.id)
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT kind, day, epoch, version, nonce, ciphertext FROM records
                WHERE athlete_num = ? AND id = ?
                """,
            arguments: [num, RecordIdColumn.value(object)])
        switch (behind.operation, row) {
        case (.delete, nil):
            return
        case (.put, let row?):
            let body = [UInt8](row["nonce"] as Data) + [UInt8](row["ciphertext"] as Data)
            guard row["kind"] as String == behind.kind, row["day"] as String == behind.day,
                row["epoch"] as Int64 == behind.epoch, row["version"] as Int64 == behind.version,
                body == behind.body
            else { throw StoreError.tampered(what) }
        default:
            throw StoreError.tampered(what)
        }
    }

    /// The base a queued change of this device was made on (the `base` column of its first
    /// outbox row), when it is a genuine change: signed by a device of the roster, of the same
    /// record and stream, at the version the queued change started from. Nil when there is
    /// none.
    ///
    /// - Throws: `StoreError.tampered` when the column holds anything else, so a field merge
    ///   never runs against a base planted in the file.
    mutating func verifiedBase(_ first: Row, queued: ChangeEnvelope) throws -> Data? {
        guard let bytes = first["base"] as Data? else { return nil }
        let what = "the base of the queued change to record \(queued.object)"
        guard let base = try? ChangeEnvelope.decode([UInt8](bytes)),
            base.object == queued.object, base.stream == queued.stream,
            base.version == queued.baseVersion
        else { throw StoreError.tampered(what) }
        do {
            _ = try verifyDevice(base)
        } catch is SyncFailure {
            throw StoreError.tampered(what)
        }
        return bytes
    }
}
