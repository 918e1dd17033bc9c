/// The SQL of the `athletes` table: one row per athlete, with their handle tag.
///
/// Every statement on `athletes` alone is here; callers run them with their own arguments
/// inside their own transactions. The columns are in `Schema.swift`. A record read by athlete id
/// (`Workspace+RecordRows.swift`) reads `athletes` in a subquery and stays with `records`.
enum AthletesTable {
    /// One row if an athlete has the handle tag.
    static let existsWithTag = "SELECT 1 FROM athletes WHERE handle_tag = ?"

    /// Adds an athlete.
    static let insert = "INSERT INTO athletes (id, handle_tag) VALUES (?, ?)"

    /// The id of the athlete with the handle tag.
    static let idOfTag = "SELECT id FROM athletes WHERE handle_tag = ?"

    /// Sets the handle tag of the athlete with the id.
    static let setTag = "UPDATE athletes SET handle_tag = ? WHERE id = ?"

    /// Removes the athlete with the id.
    static let delete = "DELETE FROM athletes WHERE id = ?"

    /// The `num` of the athlete with the id (their records' `athlete_num`).
    static let numOfId = "SELECT num FROM athletes WHERE id = ?"

    /// Every athlete's id.
    static let ids = "SELECT id FROM athletes"

    /// Whether anything of the athlete with the id is left: its row, an epoch or a grant (reads
    /// `epochs` and `grants`).
    static let anyTraceOfId = """
        SELECT EXISTS (SELECT 1 FROM athletes WHERE id = ?1)
            OR EXISTS (SELECT 1 FROM epochs WHERE athlete_id = ?1)
            OR EXISTS (SELECT 1 FROM grants WHERE athlete_id = ?1)
        """
}
