/// The SQL of the `carried_states` table: each athlete's sealed carried state.
///
/// Every statement on `carried_states` is here; callers run them with their own arguments
/// inside their own transactions. The columns are in `Schema.swift`.
enum CarriedStatesTable {
    /// The athlete's sealed carried state and its date.
    static let ofAthlete = """
        SELECT as_of, epoch, nonce, ciphertext FROM carried_states
        WHERE athlete_id = ?
        """

    /// Adds or replaces the athlete's carried state.
    static let upsert = """
        INSERT INTO carried_states (athlete_id, as_of, epoch, nonce, ciphertext)
        VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (athlete_id) DO UPDATE SET as_of = excluded.as_of,
            epoch = excluded.epoch, nonce = excluded.nonce, ciphertext = excluded.ciphertext
        """

    /// Removes the athlete's carried state.
    static let delete = "DELETE FROM carried_states WHERE athlete_id = ?"

    /// The date of the athlete's carried state.
    static let asOfAthlete = "SELECT as_of FROM carried_states WHERE athlete_id = ?"
}
