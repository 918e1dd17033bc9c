import CoachKit
import Foundation

/// One athlete's plan as the plan commands read it: profile, program weeks and workouts.
///
/// Workouts come along so compliance can be computed against the sessions they fulfil.
public struct PlanSnapshot: Sendable {
    public let athleteId: AthleteID
    public let profile: AthleteProfile
    /// Weeks sorted by start, sessions by day and order.
    public let weeks: [ProgramWeek]
    public let workouts: [Workout]

    /// The week starting on `monday`, if planned.
    public func week(at monday: LocalDay) -> ProgramWeek? { weeks.first { $0.start == monday } }

    /// Every planned session of every week.
    public var sessions: [PlannedSession] { weeks.flatMap(\.sessions) }
}

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

/// Short ids for weeks and sessions: 8 characters a person can read aloud and type.
enum PlanID {
    /// No 0/o, 1/l/i: nothing to confuse when typed from a printout.
    static let alphabet = Array("23456789abcdefghjkmnpqrstuvwxyz")

    /// A fresh id not in `taken`, with an optional one-letter prefix (`w` for weeks).
    static func make(prefix: String = "", random: () -> [UInt8], taken: Set<String>) -> String {
        while true {
            let id =
                prefix
                + random().prefix(8).map { String(alphabet[Int($0) % alphabet.count]) }.joined()
            if !taken.contains(id) { return id }
        }
    }
}
