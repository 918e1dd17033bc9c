import GRDB

extension Schema {
    /// Migration `v12-compact-record-keys`: records keyed by a small integer per athlete and by
    /// their id in binary where it is a UUID or an import hash (docs/storage.md, "Storage
    /// per record").
    ///
    /// Athletes get an explicit integer key (`num`, an INTEGER PRIMARY KEY, so VACUUM keeps it)
    /// and the record rows and their (athlete, id) index hold it in place of the 36-byte text
    /// id; the `id` column holds `RecordIdColumn`'s form. Ciphertexts are copied as they are:
    /// their associated data binds the athlete's text id and the record's text id, never the
    /// integer or the stored bytes, so a row moved to another athlete's key or given another
    /// id still fails to open. The link from records to their epoch goes (it would need the
    /// text id again); a record whose epoch has no key does not open either.
    static func compactRecordKeys(_ db: Database) throws {
        let convert = DatabaseFunction("coach_record_id", argumentCount: 1, pure: true) {
            values in
            guard case .string(let id) = values[0].storage else { return values[0] }
            return RecordIdColumn.value(id)
        }
        db.add(function: convert)
        defer { db.remove(function: convert) }
        try db.execute(
            sql: """
                CREATE TABLE athletes_v12 (
                    num INTEGER PRIMARY KEY NOT NULL,
                    id TEXT NOT NULL UNIQUE,
                    handle_tag BLOB NOT NULL UNIQUE
                ) STRICT;
                INSERT INTO athletes_v12 (num, id, handle_tag)
                SELECT rowid, id, handle_tag FROM athletes ORDER BY rowid;
                CREATE TABLE records_v12 (
                    athlete_num INTEGER NOT NULL REFERENCES athletes(num) ON DELETE CASCADE,
                    id ANY NOT NULL,
                    kind TEXT NOT NULL,
                    day TEXT NOT NULL,
                    fmt INTEGER NOT NULL,
                    epoch INTEGER NOT NULL,
                    version INTEGER NOT NULL,
                    nonce BLOB NOT NULL,
                    ciphertext BLOB NOT NULL,
                    PRIMARY KEY (athlete_num, id)
                ) STRICT;
                INSERT INTO records_v12 (athlete_num, id, kind, day, fmt, epoch, version, nonce,
                    ciphertext)
                SELECT a.num, coach_record_id(r.id), r.kind, r.day, r.fmt, r.epoch, r.version,
                    r.nonce, r.ciphertext
                FROM records r JOIN athletes_v12 a ON a.id = r.athlete_id
                ORDER BY a.num, r.kind, r.day;
                DROP TABLE records;
                DROP TABLE athletes;
                ALTER TABLE athletes_v12 RENAME TO athletes;
                ALTER TABLE records_v12 RENAME TO records;
                """)
    }
}
