/// The SQL of the redacted changes still waiting for their justification (migration
/// `v25-sync-withheld`): a pulled change whose body the server dropped, applied header only,
/// before this replica holds a later change of its object at a higher epoch. Each row keeps
/// the redacted change itself (header, body hash, signature: no secret), so a row is read back
/// only when it is that change.
enum SyncWithheldTables {
    static let create = """
        CREATE TABLE sync_withheld (
            athlete_id TEXT NOT NULL,
            sseq INTEGER NOT NULL,
            object TEXT NOT NULL,
            epoch INTEGER NOT NULL,
            device_id TEXT NOT NULL,
            sequence INTEGER NOT NULL,
            envelope BLOB NOT NULL,
            PRIMARY KEY (athlete_id, sseq)
        ) STRICT
        """

    /// Notes a redacted change applied before its justification.
    static let insert = """
        INSERT OR REPLACE INTO sync_withheld
            (athlete_id, sseq, object, epoch, device_id, sequence, envelope)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    /// Clears the waiting changes of an object a change at a higher epoch justifies.
    static let justify = """
        DELETE FROM sync_withheld WHERE athlete_id = ? AND object = ? AND epoch < ?
        """

    /// Clears a removed athlete's waiting changes (its stream is no longer served).
    static let clearAthlete = "DELETE FROM sync_withheld WHERE athlete_id = ?"

    /// Every waiting change, the first of each stream first.
    static let all = "SELECT * FROM sync_withheld ORDER BY athlete_id, sseq"

    /// An athlete's waiting changes, in stream order.
    static let ofAthlete = """
        SELECT sseq, envelope FROM sync_withheld WHERE athlete_id = ? ORDER BY sseq
        """

    /// The athletes with a waiting change.
    static let athletes = "SELECT DISTINCT athlete_id FROM sync_withheld"

    /// How many audit entries there are, and the highest sequence number.
    static let auditSpan = "SELECT COUNT(*), COALESCE(MAX(seq), 0) FROM audit"

    /// The newest audit entry of each athlete's waiting set (`Workspace.withheldAction`).
    static let audited = """
        SELECT athlete_id, target_id, target_hash FROM audit a
        WHERE action = ? AND seq = (
            SELECT MAX(seq) FROM audit b WHERE b.action = a.action
            AND b.athlete_id = a.athlete_id)
        """
}
