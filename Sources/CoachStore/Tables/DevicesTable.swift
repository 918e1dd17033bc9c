/// The SQL of the `devices` table: one row per device certificate, with its revocation.
///
/// Every statement on `devices` is here; callers run them with their own arguments inside
/// their own transactions.
enum DevicesTable {
    /// The table (migration `v13-devices`).
    static let create = """
        CREATE TABLE devices (
            id TEXT PRIMARY KEY NOT NULL,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            sign_pk BLOB NOT NULL,
            created_at INTEGER NOT NULL,
            name TEXT NOT NULL,
            signature BLOB NOT NULL,
            revoked_by TEXT,
            revoked_at INTEGER,
            revocation BLOB
        ) STRICT
        """

    /// Adds a device certificate.
    static let insert = """
        INSERT INTO devices (id, user_id, sign_pk, created_at, name, signature)
        VALUES (?, ?, ?, ?, ?, ?)
        """

    /// Records a revocation of a device not yet revoked.
    static let revoke = """
        UPDATE devices SET revoked_by = ?, revoked_at = ?, revocation = ?
        WHERE id = ? AND revocation IS NULL
        """

    /// Replaces a device's revocation (the owner's, at a passphrase reset of its user).
    static let setRevocation = """
        UPDATE devices SET revoked_by = ?, revoked_at = ?, revocation = ? WHERE id = ?
        """

    /// Every device of the user, every column.
    static let ofUser = "SELECT * FROM devices WHERE user_id = ? ORDER BY created_at, id"

    /// The device with the id, every column.
    static let byId = "SELECT * FROM devices WHERE id = ?"

    /// Every device's id.
    static let ids = "SELECT id FROM devices"

    /// Every device, every column, oldest first.
    static let all = "SELECT * FROM devices ORDER BY created_at, id"
}
