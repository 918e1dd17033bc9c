/// The SQL of each device's last `seen` this replica applied (migration `v23-seen-order`):
/// per device, the chain sequence of the latest change that named a log position, the
/// position's size, and the change's clock (Unix milliseconds), so a pulled change whose
/// `seen` goes back along its device's chain is refused.
enum SyncSeenTables {
    /// The table.
    static let create = """
        CREATE TABLE sync_seen (
            device_id TEXT PRIMARY KEY NOT NULL,
            sequence INTEGER NOT NULL,
            size INTEGER NOT NULL,
            time INTEGER NOT NULL
        ) STRICT
        """

    /// A device's last `seen`.
    static let device = "SELECT sequence, size, time FROM sync_seen WHERE device_id = ?"

    /// Keeps a device's latest `seen`.
    static let upsert = """
        INSERT OR REPLACE INTO sync_seen (device_id, sequence, size, time) VALUES (?, ?, ?, ?)
        """
}
