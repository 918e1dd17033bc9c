import Foundation

/// What a plan import changed, or would change with `--dry-run`.
public struct PlanImportSummary: Codable, Sendable, Equatable {
    public var dryRun: Bool
    public var weeksCreated: [String] = []
    public var weeksReplaced: [String] = []
    public var sessionsAdded = 0
    public var sessionsChanged = 0
    public var sessionsUnchanged = 0
    public var sessionsRemoved = 0
    /// Weeks the file added to or updated, keeping the sessions it does not list.
    public var weeksUpdated: [String] = []
    /// Stored sessions the file does not list that stay (adding and updating only).
    public var sessionsKept = 0
    /// The sessions removed because the file does not list them (replacing whole weeks).
    public var removed: [PlannedSession] = []

    public init(dryRun: Bool) { self.dryRun = dryRun }

    enum CodingKeys: String, CodingKey {
        case dryRun = "dry_run"
        case weeksCreated = "weeks_created"
        case weeksReplaced = "weeks_replaced"
        case sessionsAdded = "sessions_added"
        case sessionsChanged = "sessions_changed"
        case sessionsUnchanged = "sessions_unchanged"
        case sessionsRemoved = "sessions_removed"
        case weeksUpdated = "weeks_updated"
        case sessionsKept = "sessions_kept"
        case removed = "removed_sessions"
    }
}
