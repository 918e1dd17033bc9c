/// The SQL of the evidence a replica kept of a log it refused (migration `v20-sync-evidence`):
/// one row per refusal, the `coach-log-evidence/1` JSON as written when it was found.
enum SyncEvidenceTables {
    /// The table.
    static let create = """
        CREATE TABLE sync_evidence (
            num INTEGER PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            found_at INTEGER NOT NULL,
            json TEXT NOT NULL
        ) STRICT
        """

    /// Keeps one piece of evidence.
    static let insert = "INSERT INTO sync_evidence (kind, found_at, json) VALUES (?, ?, ?)"

    /// The newest piece of evidence.
    static let newest = "SELECT kind, found_at, json FROM sync_evidence ORDER BY num DESC LIMIT 1"

    /// The JSON of each piece of one kind.
    static let ofKind = "SELECT json FROM sync_evidence WHERE kind = ?"

    /// How many pieces are kept.
    static let count = "SELECT COUNT(*) FROM sync_evidence"
}
