import CoachCrypto
import CoachKit
import Foundation
import GRDB

/// The journal of a device import in progress: every batch transaction also records, in the
/// same transaction, the ids it added (one `meta` row per batch, keyed by athlete, with a MAC
/// under the athlete's record key of that epoch). A file that completes clears its rows; rows
/// left by an import that was killed name exactly what it committed, and are rolled back, so a
/// killed import leaves nothing of its file.
extension Workspace {
    /// The `meta` key prefix of `athleteId`'s journal rows.
    static func journalPrefix(_ athleteId: String) -> String { "import-journal/\(athleteId)/" }

    /// The MAC of a journal row: the athlete, the epoch and the ids, under the record key.
    static func journalMAC(athleteId: String, epoch: Int, ids: [String], key: SecretKey)
        -> String
    {
        let message = AssociatedData("coach/1/import-journal").with(
            athleteId, String(epoch), ids.joined(separator: "\n")
        ).bytes
        return Hashing.hex(Hashing.keyedBlake2b(message, key: key, length: 32))
    }

    /// Records in the open batch transaction the ids it added.
    func journalBatch(_ db: Database, keyring: AthleteKeyring, added ids: [String]) throws {
        guard let first = ids.first else { return }
        let epoch = keyring.currentEpoch
        let key = try keyring.recordKey(epoch: epoch, db)
        let mac = Self.journalMAC(athleteId: keyring.athleteId, epoch: epoch, ids: ids, key: key)
        try db.execute(
            sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
            arguments: [
                Self.journalPrefix(keyring.athleteId) + first,
                ([String(epoch), mac] + ids).joined(separator: "\n"),
            ])
    }

    /// Ends the journal of a device import whose file was written completely.
    public func finishDeviceImport(for athlete: AthleteAccess) throws {
        let prefix = Self.journalPrefix(athlete.keyring.athleteId)
        try write { db in
            try db.execute(
                sql: "DELETE FROM meta WHERE substr(key, 1, ?) = ?",
                arguments: [prefix.count, prefix])
        }
    }

    /// Whether `athlete` has journal rows: an import of it is in progress or was interrupted.
    public func hasImportJournal(for athlete: AthleteAccess) throws -> Bool {
        let prefix = Self.journalPrefix(athlete.keyring.athleteId)
        return try read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM meta WHERE substr(key, 1, ?) = ?)",
                arguments: [prefix.count, prefix]) ?? false
        }
    }

    /// Rolls back what an interrupted device import of `athlete` committed: the records its
    /// journal names are removed, with an audit entry, in one transaction. Call only while no
    /// import of the athlete runs (`ImportLock`).
    ///
    /// - Returns: how many records were removed (0 when no import was interrupted).
    /// - Throws: `StoreError.tampered` when a journal row does not verify.
    @discardableResult
    public func rollBackInterruptedImport(for athlete: AthleteAccess) throws -> Int {
        let prefix = Self.journalPrefix(athlete.keyring.athleteId)
        let lookup = "SELECT key, value FROM meta WHERE substr(key, 1, ?) = ?"
        guard try hasImportJournal(for: athlete) else { return 0 }
        let keyring = athlete.keyring, actor = athlete.actor
        return try write { db in
            var ids: [String] = []
            for row in try Row.fetchAll(db, sql: lookup, arguments: [prefix.count, prefix]) {
                let lines = (row["value"] as String).split(separator: "\n").map(String.init)
                guard lines.count >= 3, let epoch = Int(lines[0]), epoch >= 1,
                    epoch <= keyring.currentEpoch
                else { throw StoreError.tampered("an interrupted import's journal") }
                let listed = Array(lines[2...])
                let key = try keyring.recordKey(epoch: epoch, db)
                let mac = Self.journalMAC(
                    athleteId: keyring.athleteId, epoch: epoch, ids: listed, key: key)
                guard mac == lines[1] else {
                    throw StoreError.tampered("an interrupted import's journal")
                }
                ids += listed
            }
            try noteRecordsChanged(db, athleteId: keyring.athleteId, actor: actor)
            let num = try athleteNum(db, athleteId: athlete.id)
            let delete = try db.cachedStatement(
                sql: "DELETE FROM records WHERE athlete_num = ? AND id = ?")
            for id in ids {
                try delete.execute(arguments: [num, RecordIdColumn.value(id)])
            }
            try db.execute(
                sql: "DELETE FROM meta WHERE substr(key, 1, ?) = ?",
                arguments: [prefix.count, prefix])
            try dropSnapshot(db, athleteId: keyring.athleteId)
            try appendAudit(
                db, actor: actor, action: "import.undo", athleteId: keyring.athleteId,
                target: "\(ids.count) removed after an interrupted import")
            return ids.count
        }
    }
}
