import CoachKit
import CoachStore
import Foundation

/// What applying a suggested plan changes, day by day, and what was stored.
public struct PlanApplyResult: Sendable {
    /// One day of the reply: the planned sessions it removes and adds.
    public struct DayChange: Sendable {
        public let date: LocalDay
        /// Sessions of the current plan the reply replaces.
        public let removed: [PlannedSession]
        /// Suggested sessions to add, marked AI-suggested.
        public let added: [PlannedSession]
    }

    /// The athlete's handle.
    public let athlete: String
    /// The reply's export reference.
    public let exportRef: String
    /// The reply's summary, if it had one.
    public let summary: String?
    public let days: [DayChange]
    /// Whether nothing was written.
    public let dryRun: Bool
    /// What the store changed (nil on a dry run).
    public let stored: PlanImportSummary?
}
