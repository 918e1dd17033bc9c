import CoachCodec
import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Inserts or replaces (version + 1) a record under the athlete's newest epoch, with its audit
    /// entry unless `action` is nil (bulk writes audit once for the whole batch), and keeps the
    /// athlete's snapshot in step.
    ///
    /// - Returns: `true` when the row was new.
    @discardableResult
    func putRecord(
        _ db: Database, keyring: AthleteKeyring, id: RecordID, kind: RecordKind, day: String,
        payload: [UInt8], actor: Principal, action: String?
    ) throws -> Bool {
        try noteRecordsChanged(db, athleteId: keyring.athleteId, actor: actor, incremental: true)
        let (previousDay, sealed) = try writeRecordRow(
            db, keyring: keyring, id: id, kind: kind, day: day
        ) { RecordPayload.pack(payload, kind: kind, id: id.rawValue) }
        if let action {
            try appendAudit(
                db, actor: actor, action: action, athleteId: keyring.athleteId,
                target: id.rawValue, targetCiphertext: sealed.ciphertext)
        }
        try updateSnapshot(
            db, keyring: keyring, kind: kind,
            remove: previousDay.map { (id.rawValue, $0) }, insert: (id.rawValue, day, payload))
        return previousDay == nil
    }

    /// Seals and inserts or replaces (version + 1) one record row under the athlete's newest
    /// epoch: no audit entry and no snapshot upkeep, which the caller owes.
    ///
    /// Statements are prepared once per connection (cached): a bulk import writes every record
    /// through here, and preparing them each time cost more than sealing the record.
    /// - Parameters:
    ///   - version: the row's version when sync rebases it; else one more than the row's (or
    ///     its tombstone's).
    ///   - plaintext: the plaintext to seal (`RecordPayload`'s form of the payload).
    /// - Returns: the record day of the row replaced (nil when the row is new), and what was
    ///   sealed.
    /// - Throws: `StoreError.retiredEpoch` after a key rotation since the keyring was opened,
    ///   `StoreError.recordKindClash` when the id belongs to a record of another kind.
    @discardableResult
    func writeRecordRow(
        _ db: Database, keyring: AthleteKeyring, id: RecordID, kind: RecordKind, day: String,
        version given: Int? = nil, plaintext: () throws -> [UInt8]
    ) throws -> (previousDay: String?, sealed: SealedPayload) {
        let current = try Int.fetchOne(
            db.cachedStatement(sql: EpochsTable.currentOfAthlete),
            arguments: [keyring.athleteId])
        guard current == keyring.currentEpoch else { throw StoreError.retiredEpoch }
        try keyring.storeSelfSeal(db)
        let num = try athleteNum(db, athleteId: keyring.id)
        let id = id.rawValue
        let existing = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT id, kind, day, epoch, version, nonce, ciphertext FROM records
                    WHERE athlete_num = ? AND id = ?
                    """),
            arguments: [num, RecordIdColumn.value(id)])
        if let existing, existing["kind"] as String != kind.rawValue {
            throw StoreError.recordKindClash(id: id, existingKind: existing["kind"])
        }
        let stored: Int? = existing?["version"]
        let version =
            try given
            ?? (stored ?? versionAfterTombstone(db, athleteId: keyring.athleteId, object: id)) + 1
        let key = try keyring.recordKey(epoch: keyring.currentEpoch, db)
        let sealed = try RecordCodec.seal(
            plaintext: try plaintext(), athleteId: keyring.athleteId, id: id, kind: kind,
            day: day, epoch: keyring.currentEpoch, version: version, key: key, random: random)
        try db.cachedStatement(
            sql: RecordCodec.upsert
        ).execute(
            arguments: [
                num, RecordIdColumn.value(id), kind.rawValue, day, RecordCodec.format,
                keyring.currentEpoch, version, Data(sealed.nonce), Data(sealed.ciphertext),
            ])
        try noteRecordDelta(
            athleteId: keyring.athleteId, keyring: keyring,
            removed: try existing.map(Self.leaf(of:)),
            added: RecordHead.leaf(
                id: id, kind: kind.rawValue, day: day, epoch: keyring.currentEpoch,
                version: version, nonce: sealed.nonce, ciphertext: sealed.ciphertext))
        try noteRowChange(
            db,
            RowChange(
                athleteId: keyring.athleteId, object: id, kind: kind.rawValue, day: day,
                epoch: keyring.currentEpoch, version: version,
                body: sealed.nonce + sealed.ciphertext),
            author: keyring.opener?.userId)
        return (existing.map { $0["day"] as String }, sealed)
    }

    /// Deletes a record, with its audit entry, and removes it from the athlete's snapshot.
    func deleteRecord(
        _ db: Database, keyring: AthleteKeyring, id: RecordID, actor: Principal, action: String
    ) throws {
        let (kind, day) = try deleteRecordRow(db, keyring: keyring, id: id, actor: actor)
        try appendAudit(
            db, actor: actor, action: action, athleteId: keyring.athleteId, target: id.rawValue)
        try updateSnapshot(
            db, keyring: keyring, kind: kind, remove: (id.rawValue, day), insert: nil)
    }

    /// Deletes one record's row, noting the change for the record head and for sync, with no
    /// audit entry and no snapshot update (the caller's).
    ///
    /// - Returns: the removed record's kind and day.
    @discardableResult
    func deleteRecordRow(
        _ db: Database, keyring: AthleteKeyring, id: RecordID, actor: Principal
    ) throws -> (RecordKind, String) {
        try noteRecordsChanged(db, athleteId: keyring.athleteId, actor: actor, incremental: true)
        let id = id.rawValue
        let key: [any DatabaseValueConvertible] = [
            try athleteNum(db, athleteId: keyring.id), RecordIdColumn.value(id),
        ]
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT id, kind, day, epoch, version, nonce, ciphertext FROM records
                WHERE athlete_num = ? AND id = ?
                """,
            arguments: StatementArguments(key))
        let kind = (row?["kind"] as String?).flatMap(RecordKind.init(rawValue:))
        try db.execute(
            sql: "DELETE FROM records WHERE athlete_num = ? AND id = ?",
            arguments: StatementArguments(key))
        guard db.changesCount == 1, let kind, let row else { throw StoreError.recordNotFound(id) }
        try noteRecordDelta(
            athleteId: keyring.athleteId, keyring: keyring, removed: try Self.leaf(of: row),
            added: nil)
        try noteRowChange(
            db,
            RowChange(
                athleteId: keyring.athleteId, object: id, kind: kind.rawValue, day: row["day"],
                epoch: row["epoch"], version: row["version"] + 1, body: nil),
            author: actor.userId)
        return (kind, row["day"])
    }

    /// Decrypts the athlete's records of `kinds` (all kinds when empty) between two days inclusive.
    func fetchRecords(
        _ db: Database, keyring: AthleteKeyring, kinds: [RecordKind] = [],
        from: String? = nil, through: String? = nil
    ) throws -> [StoredRecord] {
        var sql = "SELECT * FROM records WHERE athlete_num = ?"
        var args: [(any DatabaseValueConvertible)?] = [
            try athleteNum(db, athleteId: keyring.id)
        ]
        if !kinds.isEmpty {
            sql += " AND kind IN (\(kinds.map { _ in "?" }.joined(separator: ",")))"
            args += kinds.map(\.rawValue)
        }
        if let from { sql += " AND day >= ?"; args.append(from) }
        if let through { sql += " AND day <= ?"; args.append(through) }
        if from == nil, through == nil, kinds.isEmpty, let actor = keyring.opener {
            // Every record of the athlete: check them against the signed head on the way.
            try verifyRecordHead(
                db, athleteId: keyring.athleteId, actor: actor, full: true, keyring: keyring)
        }
        // Ordered by kind and day here and by the ids' text below: the column holds some ids
        // as bytes, which do not sort like their text.
        sql += " ORDER BY kind, day"
        let rows = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(args))
        var out: [StoredRecord] = []
        while let row = try rows.next() {
            out.append(
                try RecordCodec.open(row: row, athleteId: keyring.athleteId, keyring: keyring, db))
        }
        var start = 0
        while start < out.count {
            var end = start + 1
            while end < out.count, out[end].kind == out[start].kind, out[end].day == out[start].day
            {
                end += 1
            }
            if end - start > 1 {
                out[start..<end].sort { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
            }
            start = end
        }
        return out
    }

    /// Decrypts one record by id.
    func fetchRecord(_ db: Database, keyring: AthleteKeyring, id: RecordID) throws
        -> StoredRecord?
    {
        // One statement (an import's re-read of each record it may replace runs it per record).
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT * FROM records
                    WHERE athlete_num = (SELECT num FROM athletes WHERE id = ?) AND id = ?
                    """),
            arguments: [keyring.athleteId, RecordIdColumn.value(id.rawValue)]
        )
        .map { try RecordCodec.open(row: $0, athleteId: keyring.athleteId, keyring: keyring, db) }
    }

    /// The integer key that the athlete's record rows hold (`athletes.num`).
    ///
    /// - Throws: `StoreError.athleteNotFound` when no athlete has the id.
    func athleteNum(_ db: Database, athleteId: AthleteID) throws -> Int64 {
        guard
            let num = try Int64.fetchOne(
                db.cachedStatement(sql: AthletesTable.numOfId),
                arguments: [athleteId])
        else { throw StoreError.athleteNotFound(athleteId.rawValue) }
        return num
    }
}
