/// The SQL of the check-in tables (migration `v19-checkin`): the roster's check-in devices
/// (each with its revocation), the inbox key of each athlete epoch, and the ingest ledger.
///
/// Every statement on them is here; callers run them inside their own transactions. All
/// columns are public: a check-in device's certificate and an inbox key are roster entries,
/// and the ledger names only ids the server saw too.
enum CheckinTables {
    /// The tables.
    static let create = """
        CREATE TABLE checkin_devices (
            id TEXT PRIMARY KEY NOT NULL,
            athlete_id TEXT NOT NULL,
            approver_id TEXT NOT NULL,
            sign_pk BLOB NOT NULL,
            name TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            signature BLOB NOT NULL,
            revoked_by TEXT,
            revoked_at INTEGER,
            revocation BLOB
        ) STRICT;
        CREATE TABLE inbox_keys (
            athlete_id TEXT NOT NULL,
            epoch INTEGER NOT NULL,
            public_key BLOB NOT NULL,
            signature BLOB NOT NULL,
            PRIMARY KEY (athlete_id, epoch)
        ) STRICT;
        CREATE TABLE checkin_ledger (
            item TEXT PRIMARY KEY NOT NULL,
            athlete_id TEXT NOT NULL,
            device_id TEXT NOT NULL,
            record_id TEXT NOT NULL,
            ingested_at INTEGER NOT NULL
        ) STRICT
        """

    /// Adds a check-in device's certificate.
    static let insertDevice = """
        INSERT INTO checkin_devices
            (id, athlete_id, approver_id, sign_pk, name, created_at, signature)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    /// Records the revocation of a check-in device not yet revoked.
    static let revokeDevice = """
        UPDATE checkin_devices SET revoked_by = ?, revoked_at = ?, revocation = ?
        WHERE id = ? AND revocation IS NULL
        """

    /// The check-in device with the id, every column.
    static let deviceById = "SELECT * FROM checkin_devices WHERE id = ?"

    /// Every check-in device's id.
    static let deviceIds = "SELECT id FROM checkin_devices"

    /// Every check-in device, every column, oldest first.
    static let allDevices = "SELECT * FROM checkin_devices ORDER BY created_at, id"

    /// Adds an athlete epoch's inbox key.
    static let insertInboxKey = """
        INSERT INTO inbox_keys (athlete_id, epoch, public_key, signature) VALUES (?, ?, ?, ?)
        """

    /// The inbox key of one athlete epoch, every column.
    static let inboxKey = "SELECT * FROM inbox_keys WHERE athlete_id = ? AND epoch = ?"

    /// Every inbox key, every column.
    static let allInboxKeys = "SELECT * FROM inbox_keys ORDER BY athlete_id, epoch"

    /// Adds the ledger row of an ingested item.
    static let insertLedger = """
        INSERT INTO checkin_ledger (item, athlete_id, device_id, record_id, ingested_at)
        VALUES (?, ?, ?, ?, ?)
        """

    /// The ledger row of one item, every column.
    static let ledgerItem = "SELECT * FROM checkin_ledger WHERE item = ?"

    /// The record the ledger names for one item.
    static let ledgerRecord = "SELECT record_id FROM checkin_ledger WHERE item = ?"

    /// Makes a pulled record the one holding its item.
    static let upsertLedger = """
        INSERT OR REPLACE INTO checkin_ledger (item, athlete_id, device_id, record_id, ingested_at)
        VALUES (?, ?, ?, ?, ?)
        """
}
