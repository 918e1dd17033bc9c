/// The SQL of the `users` table: one row per user, with their public keys and their secret
/// keys sealed under their passphrase.
///
/// Every statement on `users` alone is here, so the table's uses are in one place; callers run
/// them with their own arguments inside their own transactions. The columns are in
/// `Schema.swift`. Two joins stay with the table they join: a user's certificate
/// (`UserCertificate.fetch`, with `certificates`) and an athlete's access list
/// (`Workspace+Access.swift`, with `grants`).
enum UsersTable {
    /// The handle of the user with the id.
    static let handleOfId = "SELECT handle FROM users WHERE id = ?"

    /// The id of the user with the signing key.
    static let idOfSigningKey = "SELECT id FROM users WHERE sign_pk = ?"

    /// Every user's id.
    static let ids = "SELECT id FROM users"

    /// Every user's id and handle, by handle.
    static let idsAndHandlesByHandle = "SELECT id, handle FROM users ORDER BY handle"

    /// How many users there are.
    static let count = "SELECT COUNT(*) FROM users"

    /// Disables the athlete users of the athlete with the id.
    static let disableOfAthlete = "UPDATE users SET disabled = 1 WHERE athlete_id = ?"

    /// Every user's id, handle and signing key.
    static let idsHandlesAndSigningKeys = "SELECT id, handle, sign_pk FROM users"

    /// Sets the disabled flag of the user with the id.
    static let setDisabled = "UPDATE users SET disabled = ? WHERE id = ?"

    /// Replaces a user's public keys and sealed secret keys (enrolment, reset).
    static let replaceKeys = """
        UPDATE users SET box_pk = ?, sign_pk = ?, kdf_alg = ?, kdf_ops = ?, kdf_mem = ?,
            kdf_salt = ?, key_nonce = ?, key_ciphertext = ?, index_key_sealed = ?
        WHERE id = ?
        """

    /// Adds a user, enabled.
    static let insert = """
        INSERT INTO users (id, handle, role, athlete_id, disabled, box_pk, sign_pk, kdf_alg, kdf_ops, kdf_mem,
                           kdf_salt, key_nonce, key_ciphertext, index_key_sealed)
        VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The user with the handle, every column.
    static let byHandle = "SELECT * FROM users WHERE handle = ?"

    /// The user with the id, every column.
    static let byId = "SELECT * FROM users WHERE id = ?"

    /// The ids of the athlete users.
    static let athleteUserIds = "SELECT id FROM users WHERE role = 'athlete'"

    /// The first user added, every column (the key-derivation decoy for an unknown handle).
    static let first = "SELECT * FROM users ORDER BY rowid LIMIT 1"

    /// Every user, every column, by handle.
    static let allByHandle = "SELECT * FROM users ORDER BY handle"

    /// Replaces the passphrase wrapping of a user's secret keys.
    static let rewrapKeys = """
        UPDATE users SET kdf_alg = ?, kdf_ops = ?, kdf_mem = ?, kdf_salt = ?, key_nonce = ?, key_ciphertext = ?
        WHERE id = ?
        """

    /// Every user's id and handle.
    static let idsAndHandles = "SELECT id, handle FROM users"

    /// The owner's signing key.
    static let ownerSigningKey = "SELECT sign_pk FROM users WHERE role = 'owner' LIMIT 1"

    /// The signing keys of every row that says it is the owner's (unverified).
    static let ownerSigningKeys = "SELECT sign_pk FROM users WHERE role = 'owner'"

    /// Every user's id and signing key.
    static let signingKeys = "SELECT id, sign_pk FROM users"

    /// Every user's id and role.
    static let roles = "SELECT id, role FROM users"
}
