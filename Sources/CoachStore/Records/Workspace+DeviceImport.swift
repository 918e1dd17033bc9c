import CoachCrypto
import CoachKit
import Foundation
import GRDB

/// The secret key behind import ids.
struct SecretKeyBox: Sendable {
    let key: SecretKey

    func hexHash(_ message: [UInt8]) -> String {
        Hashing.hex(Hashing.keyedBlake2b(message, key: key, length: 12))
    }
}

extension Workspace {
    /// The id maker for records imported into `athlete` from device files: ids under the
    /// current epoch's key, aliases under each earlier one.
    public func importIdMaker(for athlete: AthleteAccess) throws -> ImportIdMaker {
        let keyring = athlete.keyring
        return try read { db in try importedIds(db, keyring: keyring).maker }
    }

    /// Writes one batch of device records in one transaction: new ids are added, existing ids
    /// are duplicates (or, for records that replace, updated when their content differs).
    ///
    /// The athlete's snapshot is dropped when anything changed (the next read rebuilds it), and
    /// the batch gets one audit entry.
    /// - Returns: one outcome per record, in order.
    /// - Throws: `StoreError` when the athlete's key was rotated since it was opened, or an id
    ///   already belongs to a record of another kind.
    public func writeDeviceBatch(_ records: [DeviceRecord], for athlete: AthleteAccess) throws
        -> [DeviceWriteOutcome]
    {
        let keyring = athlete.keyring, actor = athlete.actor
        let athleteId = keyring.athleteId
        // Ids are keyed hashes, so index inserts land all over the B-trees: a larger page cache
        // for the writing connection keeps them from being read back from the file each time.
        let order = records.indices.sorted { records[$0].id < records[$1].id }
        return try write { db in
            try db.execute(sql: "PRAGMA cache_size = -40000; PRAGMA wal_autocheckpoint = 8000")
            _ = try writingKeyring(db, athlete)
            try noteRecordsChanged(db, athleteId: athleteId, actor: actor)
            let key = try keyring.recordKey(epoch: keyring.currentEpoch, db)
            let num = try athleteNum(db, athleteId: athlete.id)
            // A few queries find which ids of the batch exist already (a B-tree probe each, in
            // SQLite); a fresh import then inserts without a lookup per record.
            let existing = try existingRows(
                db, athleteNum: num, ids: records.map(\.id) + records.flatMap(\.aliases))
            let upsert = try db.cachedStatement(
                sql: RecordCodec.upsert)
            var outcomes = [DeviceWriteOutcome](repeating: .duplicate, count: records.count)
            var added = 0, updated = 0
            // The last row written: a later record of the batch with the same id (they are
            // sorted next to each other) must see it.
            var written: (id: String, kind: String, version: Int)?
            for index in order {
                let r = records[index]
                var version =
                    try versionAfterTombstone(db, athleteId: athleteId, object: r.id) + 1
                let known =
                    written?.id == r.id
                    ? written.map { (kind: $0.kind, version: $0.version) } : existing[r.id]
                // Imported before a rotation: stored under an earlier key's id.
                if known == nil, Self.storedAlias(r, existing) { continue }
                if let row = known {
                    guard row.kind == r.kind.rawValue else {
                        throw StoreError.recordKindClash(id: r.id, existingKind: row.kind)
                    }
                    guard r.replaces,
                        let old = try fetchRecord(db, keyring: keyring, id: RecordID(r.id)),
                        old.payload != r.payload || old.day != r.day.description
                    else {
                        continue
                    }
                    version = row.version + 1
                }
                let day = r.day.description
                let sealed = try RecordCodec.seal(
                    r.payload, athleteId: athleteId, id: r.id, kind: r.kind, day: day,
                    epoch: keyring.currentEpoch, version: version, key: key, random: random)
                try upsert.execute(arguments: [
                    num, RecordIdColumn.value(r.id), r.kind.rawValue, day, RecordCodec.format,
                    keyring.currentEpoch, version, Data(sealed.nonce), Data(sealed.ciphertext),
                ])
                try noteRowChange(
                    db,
                    RowChange(
                        athleteId: athleteId, object: r.id, kind: r.kind.rawValue, day: day,
                        epoch: keyring.currentEpoch, version: version,
                        body: sealed.nonce + sealed.ciphertext),
                    author: actor.userId)
                written = (r.id, r.kind.rawValue, version)
                if known == nil {
                    added += 1; outcomes[index] = .added
                } else {
                    updated += 1; outcomes[index] = .updated
                }
            }
            // What this batch added, for a rollback should the import be killed before its end.
            try journalBatch(
                db, keyring: keyring,
                added: records.indices.filter { outcomes[$0] == .added }.map { records[$0].id })
            if added + updated > 0 {
                try dropSnapshot(db, athleteId: athleteId)
                try appendAudit(
                    db, actor: actor, action: "import.device", athleteId: athleteId,
                    target: "\(added) added, \(updated) updated")
            }
            return outcomes
        }
    }

    /// What `writeDeviceBatch` would do with `records`, without writing: ids already stored are
    /// duplicates (or, for records that replace, updated when their content differs), others
    /// added. Records of a dry run carry an empty payload unless they replace.
    ///
    /// - Returns: one outcome per record, in order (a repeated id of the batch is counted as
    ///   the store would see it: added once, then a duplicate).
    /// - Throws: `StoreError` when an id already belongs to a record of another kind.
    public func previewDeviceBatch(_ records: [DeviceRecord], for athlete: AthleteAccess) throws
        -> [DeviceWriteOutcome]
    {
        let keyring = athlete.keyring
        return try read { db in
            let num = try athleteNum(db, athleteId: athlete.id)
            let existing = try existingRows(
                db, athleteNum: num, ids: records.map(\.id) + records.flatMap(\.aliases))
            var seen: Set<String> = []
            return try records.map { r -> DeviceWriteOutcome in
                if existing[r.id] == nil, Self.storedAlias(r, existing) { return .duplicate }
                guard let row = existing[r.id] else {
                    return seen.insert(r.id).inserted ? .added : .duplicate
                }
                guard row.kind == r.kind.rawValue else {
                    throw StoreError.recordKindClash(id: r.id, existingKind: row.kind)
                }
                guard r.replaces,
                    let old = try fetchRecord(db, keyring: keyring, id: RecordID(r.id)),
                    old.payload != r.payload || old.day != r.day.description
                else { return .duplicate }
                return .updated
            }
        }
    }

    /// Whether `r` is stored already under one of its aliases (as a record of its kind).
    private static func storedAlias(
        _ r: DeviceRecord, _ existing: [String: (kind: String, version: Int)]
    ) -> Bool {
        r.aliases.contains { existing[$0]?.kind == r.kind.rawValue }
    }

    /// The kind and version of every row of the athlete whose id is among `ids`.
    private func existingRows(_ db: Database, athleteNum: Int64, ids: [String]) throws
        -> [String: (kind: String, version: Int)]
    {
        var found: [String: (kind: String, version: Int)] = [:]
        // Ids go as bound values (some are blobs, `RecordIdColumn`), a fixed number per query
        // so the statement is prepared once; NULL fills the last query and matches nothing.
        let size = 500
        let marks = Array(repeating: "?", count: size).joined(separator: ",")
        let probe = try db.cachedStatement(
            sql: "SELECT id, kind, version FROM records WHERE athlete_num = ? AND id IN (\(marks))")
        for start in stride(from: 0, to: ids.count, by: size) {
            var args: [DatabaseValue] = [athleteNum.databaseValue]
            args += ids[start..<min(start + size, ids.count)].map(RecordIdColumn.value)
            args += Array(repeating: .null, count: size + 1 - args.count)
            let rows = try Row.fetchCursor(probe, arguments: StatementArguments(args))
            while let row = try rows.next() {
                guard let id = RecordIdColumn.id(row[0]) else {
                    throw StoreError.tampered("a record")
                }
                found[id] = (row[1] as String, row[2] as Int)
            }
        }
        return found
    }

    /// Removes records an import added before it failed, so a failed file leaves nothing (and
    /// ends its journal).
    public func removeDeviceRecords(ids: [RecordID], for athlete: AthleteAccess) throws {
        guard !ids.isEmpty else { return }
        let athleteId = athlete.keyring.athleteId, actor = athlete.actor
        try write { db in
            let num = try athleteNum(db, athleteId: athlete.id)
            let delete = try db.cachedStatement(
                sql: "DELETE FROM records WHERE athlete_num = ? AND id = ?")
            let find = try db.cachedStatement(
                sql: """
                    SELECT kind, day, epoch, version FROM records WHERE athlete_num = ? AND id = ?
                    """)
            for id in ids {
                let key = [num.databaseValue, RecordIdColumn.value(id.rawValue)]
                let row = try Row.fetchOne(find, arguments: StatementArguments(key))
                try delete.execute(arguments: StatementArguments(key))
                guard let row else { continue }
                try noteRowChange(
                    db,
                    RowChange(
                        athleteId: athleteId, object: id.rawValue, kind: row["kind"],
                        day: row["day"], epoch: row["epoch"], version: row["version"] + 1,
                        body: nil),
                    author: actor.userId)
            }
            let prefix = Self.journalPrefix(athleteId)
            try db.execute(
                sql: "DELETE FROM meta WHERE substr(key, 1, ?) = ?",
                arguments: [prefix.count, prefix])
            try dropSnapshot(db, athleteId: athleteId)
            try appendAudit(
                db, actor: actor, action: "import.undo", athleteId: athleteId,
                target: "\(ids.count) removed")
        }
    }
}
