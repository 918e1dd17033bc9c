/// The SQL of the `plugins` table: one signed row per registered plug-in.
///
/// Every statement on `plugins` is here; callers run them with their own arguments inside
/// their own transactions. The columns are in `Schema.swift`.
enum PluginsTable {
    /// How many plug-ins have the id (0 or 1).
    static let countOfId = "SELECT COUNT(*) FROM plugins WHERE id = ?"

    /// Adds or replaces a plug-in.
    static let insert = """
        INSERT OR REPLACE INTO plugins
            (id, path, sha256, manifest, granted, added_by, added_at, signature)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Removes the plug-in with the id.
    static let delete = "DELETE FROM plugins WHERE id = ?"

    /// Every plug-in, every column, by id.
    static let allById = "SELECT * FROM plugins ORDER BY id"
}
