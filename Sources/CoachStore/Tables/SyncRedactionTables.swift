/// The SQL of the replica's posted redactions (migration `v24-sync-redactions`): for each
/// athlete, the key epoch up to which this replica asked the server to drop the superseded
/// bodies, so a sync asks once per rekey.
enum SyncRedactionTables {
    static let create = """
        CREATE TABLE sync_redactions (
            athlete_id TEXT PRIMARY KEY,
            epoch INTEGER NOT NULL
        )
        """

    /// The epoch the athlete's last redaction was posted for (none: never).
    static let posted = "SELECT epoch FROM sync_redactions WHERE athlete_id = ?"

    /// Remembers a posted redaction.
    static let note = """
        INSERT INTO sync_redactions (athlete_id, epoch) VALUES (?, ?)
        ON CONFLICT (athlete_id) DO UPDATE SET epoch = excluded.epoch
        """

    /// The athlete's records still sealed under an epoch before `?`.
    static let olderRecords = """
        SELECT COUNT(*) FROM records r JOIN athletes a ON a.num = r.athlete_num
        WHERE a.id = ? AND r.epoch < ?
        """

    /// The athlete's queued changes.
    static let queued = "SELECT COUNT(*) FROM outbox WHERE athlete_id = ?"
}
