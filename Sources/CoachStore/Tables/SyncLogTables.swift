/// The SQL of the replica's log state (migration `v18-sync-log`): the club server's log key
/// the owner certified, as the roster last carried it, and the newest tree head this replica
/// verified under it.
///
/// Empty until the roster holds a `log_key` entry; until then the replica does not check the
/// server's log.
enum SyncLogTables {
    /// The table.
    static let create = """
        CREATE TABLE sync_log (
            id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
            key_certificate BLOB NOT NULL,
            head BLOB
        ) STRICT
        """

    /// The certified log key (`LogKeyCertificate` byte form), if any.
    static let keyCertificate = "SELECT key_certificate FROM sync_log WHERE id = 1"

    /// Keeps a newer certified log key.
    static let setKeyCertificate = """
        INSERT INTO sync_log (id, key_certificate) VALUES (1, ?)
        ON CONFLICT (id) DO UPDATE SET key_certificate = excluded.key_certificate
        """
}

extension SyncLogTables {
    /// The newest verified tree head (`SignedTreeHead` byte form), if any.
    static let head = "SELECT head FROM sync_log WHERE id = 1"

    /// Keeps a newer verified tree head.
    static let setHead = "UPDATE sync_log SET head = ? WHERE id = 1"
}

extension SyncLogTables {
    /// The owner's last checkpoint the roster carried (migration `v20-sync-evidence`).
    static let addCheckpoint = "ALTER TABLE sync_log ADD COLUMN checkpoint BLOB"

    /// The last checkpoint (`TreeHeadCountersignature` byte form), if any.
    static let checkpoint = "SELECT checkpoint FROM sync_log WHERE id = 1"

    /// Keeps a later checkpoint.
    static let setCheckpoint = "UPDATE sync_log SET checkpoint = ? WHERE id = 1"
}
