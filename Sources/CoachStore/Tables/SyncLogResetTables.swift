/// The SQL of the replica's log resets (migration `v21-log-reset`): the number of the owner's
/// last log reset this replica took, and whether it still has to give the server back the
/// changes it holds that the restored server lacks; and when that reset was signed (written,
/// never read: the time comes from the owner-signed statement, `reset_statement`, and the
/// counter is checked against the user's marks too, so an edit of these columns gains nothing).
enum SyncLogResetTables {
    /// The columns the migration adds to `sync_log`.
    static let create = """
        ALTER TABLE sync_log ADD COLUMN reset_counter INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE sync_log ADD COLUMN restore_pending INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE sync_log ADD COLUMN reset_time INTEGER NOT NULL DEFAULT 0
        """

    /// The number of the last reset taken and whether its restore is pending.
    static let state = "SELECT reset_counter, restore_pending FROM sync_log WHERE id = 1"

    /// Takes a reset: its number, the restored head, and a restore to do.
    static let take = """
        UPDATE sync_log SET reset_counter = ?, reset_time = ?, head = ?, restore_pending = 1
        WHERE id = 1
        """

    /// The restore is done.
    static let restored = "UPDATE sync_log SET restore_pending = 0 WHERE id = 1"

    /// Every stream position and device chain is forgotten: the streams are pulled again from
    /// their start.
    static let forgetStreams = "DELETE FROM sync_streams; DELETE FROM sync_chains"

    /// The column migration `v22-log-reset-statement` adds: the newest owner-signed reset the
    /// verified roster carried, in its byte form (checked again whenever it is read).
    static let addStatement = "ALTER TABLE sync_log ADD COLUMN reset_statement BLOB"

    /// The newest reset statement the roster carried, if any.
    static let statement = "SELECT reset_statement FROM sync_log WHERE id = 1"

    /// Keeps a newer reset statement.
    static let setStatement = "UPDATE sync_log SET reset_statement = ? WHERE id = 1"

    /// Notes a reset as taken without a restore (a replica that verified the restored log
    /// after the reset was on its roster).
    static let noteTaken = """
        UPDATE sync_log SET reset_counter = ? WHERE id = 1 AND reset_counter < ?
        """

    /// The change behind each record of an athlete stream, for the restore; not one still
    /// queued (a push sends it, chained).
    static let recordChangesOfStream = """
        SELECT object, version, envelope FROM record_changes r WHERE athlete_id = ?
        AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.envelope = r.envelope)
        ORDER BY object
        """
}
