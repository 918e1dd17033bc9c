/// The SQL of the `audit` table: the signed, hash-chained audit log.
///
/// Every statement on `audit` is here; callers run them with their own arguments inside
/// their own transactions. The columns are in `Schema.swift`.
enum AuditTable {
    /// The sequence number and hash of the last entry.
    static let last = """
        SELECT seq, entry_hash FROM audit ORDER BY seq DESC LIMIT 1
        """

    /// Appends an entry.
    static let insert = """
        INSERT INTO audit (seq, prev_hash, actor_id, action, athlete_id, target_id, target_hash, time, entry_hash, signature)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The hash of the entry with the sequence number.
    static let entryHashOfSeq = "SELECT entry_hash FROM audit WHERE seq = ?"

    /// Every entry, every column, by sequence number.
    static let all = "SELECT * FROM audit ORDER BY seq"

    /// The athlete's entries, every column, by sequence number.
    static let ofAthlete = "SELECT * FROM audit WHERE athlete_id = ? ORDER BY seq"

    /// The entries after the sequence number, every column, by sequence number.
    static let after = "SELECT * FROM audit WHERE seq > ? ORDER BY seq"

    /// The last sequence number.
    static let maxSeq = "SELECT MAX(seq) FROM audit"

    /// The sequence number, actor and hash of the last entry.
    static let lastWithActor = """
        SELECT seq, actor_id, entry_hash FROM audit ORDER BY seq DESC LIMIT 1
        """

    /// The sequence number and time of the last entry.
    static let lastSeqAndTime = "SELECT seq, time FROM audit ORDER BY seq DESC LIMIT 1"

    /// The actor of the last entry.
    static let lastActor = "SELECT actor_id FROM audit ORDER BY seq DESC LIMIT 1"

    /// Every entry's sequence number, actor and action, by sequence number.
    static let actorsAndActions = "SELECT seq, actor_id, action FROM audit ORDER BY seq"

    /// The targets of the entries of one action (the devices added, the devices revoked).
    static let targetsOfAction = "SELECT DISTINCT target_id FROM audit WHERE action = ?"

    /// The athlete of an entry of one action about that athlete, if there is one.
    static let athleteOfAction = """
        SELECT athlete_id FROM audit WHERE action = ? AND athlete_id = ? LIMIT 1
        """
}
