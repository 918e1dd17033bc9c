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

    /// A snapshot of `profile`'s program and the workouts it is compared with.
    public init(
        athleteId: AthleteID, profile: AthleteProfile, weeks: [ProgramWeek], workouts: [Workout]
    ) {
        self.athleteId = athleteId
        self.profile = profile
        self.weeks = weeks
        self.workouts = workouts
    }
}
