import CoachKit

/// A log entry as an edit left it, with the profile of its athlete for echoing it in their units.
public struct LogEdit: Sendable {
    /// The entry after the edit.
    public let entry: LogEntry
    /// The profile of the entry's athlete (units, thresholds).
    public let profile: AthleteProfile
}
