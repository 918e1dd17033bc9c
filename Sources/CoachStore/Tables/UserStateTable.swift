/// The SQL of the `user_state` table: each user's state, sealed under their key.
///
/// Every statement on `user_state` is here; callers run them with their own arguments inside
/// their own transactions. The columns are in `Schema.swift`.
enum UserStateTable {
    /// The user's sealed state.
    static let ofUser = """
        SELECT nonce, ciphertext FROM user_state WHERE user_id = ?
        """

    /// Adds or replaces the user's sealed state.
    static let upsert = """
        INSERT OR REPLACE INTO user_state (user_id, nonce, ciphertext) VALUES (?, ?, ?)
        """
}
