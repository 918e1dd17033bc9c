/// The SQL of the `record_heads` table: one signed head per athlete over its record rows.
///
/// Every statement on `record_heads` is here; callers run them with their own arguments inside
/// their own transactions.
enum RecordHeadsTable {
    /// The table (migration `v14-record-heads`).
    static let create = """
        CREATE TABLE record_heads (
            athlete_id TEXT PRIMARY KEY NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
            epoch INTEGER NOT NULL,
            count INTEGER NOT NULL,
            digest BLOB NOT NULL,
            signer_id TEXT NOT NULL,
            signature BLOB NOT NULL
        ) STRICT
        """

    /// Adds or replaces the athlete's head.
    static let upsert = """
        INSERT OR REPLACE INTO record_heads (athlete_id, epoch, count, digest, signer_id, signature)
        VALUES (?, ?, ?, ?, ?, ?)
        """

    /// The athlete's head, every column.
    static let ofAthlete = "SELECT * FROM record_heads WHERE athlete_id = ?"

    /// The epoch of the athlete's head.
    static let epochOfAthlete = "SELECT epoch FROM record_heads WHERE athlete_id = ?"

    /// The oldest epoch a section of the athlete's snapshot is sealed under.
    static let oldestSnapshotEpoch = "SELECT MIN(epoch) FROM snapshots WHERE athlete_id = ?"

    /// What the digest covers: every record row of the athlete (by its integer key).
    static let leavesOfAthlete = """
        SELECT id, kind, day, epoch, version, nonce, ciphertext FROM records WHERE athlete_num = ?
        """
}
