/// The SQL of the replica's log resets (migration `v21-log-reset`): the number of the owner's
/// last log reset this replica took, and whether it still has to give the server back the
/// changes it holds that the restored server lacks; and when that reset was signed (changes
/// stamped before it may come back out of their device's order).
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

    /// When the owner signed the last reset taken (Unix milliseconds), 0 before one.
    static let resetTime = "SELECT reset_time FROM sync_log WHERE id = 1"

    /// The restore is done.
    static let restored = "UPDATE sync_log SET restore_pending = 0 WHERE id = 1"

    /// Every stream position and device chain is forgotten: the streams are pulled again from
    /// their start.
    static let forgetStreams = "DELETE FROM sync_streams; DELETE FROM sync_chains"

    /// The change behind each record of an athlete stream, for the restore.
    static let recordChangesOfStream = """
        SELECT object, version, envelope FROM record_changes WHERE athlete_id = ?
        ORDER BY object
        """
}
