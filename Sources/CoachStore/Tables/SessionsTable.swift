/// The SQL of the `sessions` table: one row per unlocked session, holding the user's keys
/// sealed under the session key of a token file.
///
/// Every statement that reads or writes `sessions` is here; callers run them with their own
/// arguments inside their own transactions. Ending a user's sessions is one statement, run
/// wherever their keys, certificate or access change.
enum SessionsTable {
    /// Ends the sessions of the athlete users of the athlete with the id.
    static let deleteOfAthleteUsers = """
        DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE athlete_id = ?)
        """

    /// Ends every session of the user with the id.
    static let deleteOfUser = "DELETE FROM sessions WHERE user_id = ?"

    /// Drops the sessions that ended by the time given.
    static let deleteExpired = "DELETE FROM sessions WHERE expires_at <= ?"

    /// Adds a session.
    static let insert = """
        INSERT INTO sessions (id, user_id, expires_at, nonce, ciphertext) VALUES (?, ?, ?, ?, ?)
        """

    /// The session with the id, every column.
    static let byId = "SELECT * FROM sessions WHERE id = ?"

    /// Ends the session with the id and drops those that ended by the time given.
    static let deleteIdOrExpired = "DELETE FROM sessions WHERE id = ? OR expires_at <= ?"

    /// Ends the session with the id.
    static let delete = "DELETE FROM sessions WHERE id = ?"

    /// The user, expiry and sealed keys of the session with the id.
    static let expiryOfId = """
        SELECT user_id, expires_at, nonce, ciphertext FROM sessions WHERE id = ?
        """
}
