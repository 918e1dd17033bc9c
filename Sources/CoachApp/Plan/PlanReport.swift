import AdherencePlugin
import CoachKit
import CoachStore
import Foundation

/// The plan as the plan views show it: weeks grouped around today, sessions with their assessment.
///
/// Assessment and scores come from the adherence provider (`SessionAssessment`, `AdherenceMetric`),
/// so the plan view and `coach metrics` can never disagree.
public struct PlanReport: Encodable {
    /// Adherence scores: the current week, the last 28 days and all time (percent, `nil` when nothing counted).
    public struct Scores: Encodable, Equatable {
        public var week: Double?
        public var last28Days: Double?
        public var allTime: Double?
        public var counted: Int
        public var missed: Int

        enum CodingKeys: String, CodingKey {
            case week
            case last28Days = "last_28_days"
            case allTime = "all_time"
            case counted = "sessions_counted"
            case missed = "sessions_missed"
        }
    }

    /// One session with how it went.
    public struct Session: Encodable {
        public let session: PlannedSession
        /// `planned` (today or later, not done yet), `done` (today's too, once a workout took
        /// it) or `missed`.
        public let status: String
        public let adherence: Double?
        public let compliance: String?
        public let ratio: Double?
        public let ratioBasis: String?
        public let workout: String?

        enum CodingKeys: String, CodingKey {
            case status, adherence, compliance, ratio
            case ratioBasis = "ratio_basis"
            case workout = "matched_workout"
        }

        public func encode(to encoder: Encoder) throws {
            try session.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(status, forKey: .status)
            try c.encode(adherence, forKey: .adherence)
            try c.encode(compliance, forKey: .compliance)
            try c.encode(ratio, forKey: .ratio)
            try c.encode(ratioBasis, forKey: .ratioBasis)
            try c.encode(workout, forKey: .workout)
        }
    }

    /// One day of a week's grid.
    public struct Day: Encodable {
        public let date: LocalDay
        public let weekday: String
        public let sessions: [Session]
    }

    /// One week with its score and its seven days.
    public struct Week: Encodable {
        public let id: String?
        public let start: LocalDay
        public let end: LocalDay
        public let title: String?
        public let notes: String?
        /// `previous`, `current` or `upcoming`.
        public let group: String
        public let planned: Bool
        public let scores: Scores
        public let days: [Day]
        /// Planned against done, for the whole week.
        public var totals: Totals?
        /// Workouts of the week no planned session took.
        public var unplanned: [Unplanned] = []
    }

    public let athlete: String
    public let today: LocalDay
    public let scores: Scores
    public var previous: [Week]
    public var current: Week?
    public var upcoming: [Week]

    public static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// Builds the report of every stored week.
    public init(_ snapshot: PlanSnapshot, today: LocalDay) {
        let assessed = Self.assess(snapshot, today: today)
        let weeks = snapshot.weeks.map {
            Self.withTotals(
                Self.week($0, assessed: assessed, today: today), snapshot: snapshot,
                assessed: assessed)
        }
        athlete = snapshot.profile.handle
        self.today = today
        scores = Self.overall(snapshot, today: today)
        previous = weeks.filter { $0.group == "previous" }
        current = weeks.first { $0.group == "current" }
        upcoming = weeks.filter { $0.group == "upcoming" }
    }

    /// Assessments of the past sessions and of today's sessions a workout of the day already
    /// took, by session id. Today's other sessions are still planned: they are assessed (and
    /// may be missed) from tomorrow on.
    public static func assess(_ snapshot: PlanSnapshot, today: LocalDay) -> [String:
        SessionAssessment]
    {
        let all = SessionAssessment.assess(
            sessions: snapshot.sessions, workouts: snapshot.workouts,
            zone: snapshot.profile.zone, before: today.adding(days: 1),
            athlete: AthleteContext(profile: snapshot.profile, day: today))
        let known = all.filter { $0.session.date < today || !$0.missed }
        return Dictionary(known.map { ($0.session.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The adherence provider's week, 28-day and all-time scores for `today`.
    public static func overall(_ snapshot: PlanSnapshot, today: LocalDay) -> Scores {
        let r = AdherenceMetric().evaluate(
            MetricInput(
                day: today, timeZone: snapshot.profile.timeZone,
                athlete: AthleteContext(profile: snapshot.profile, day: today),
                workouts: snapshot.workouts, plan: snapshot.sessions))
        return Scores(
            week: r.number("adherence_week"), last28Days: r.number("adherence_28d"),
            allTime: r.number("adherence_all"), counted: Int(r.number("sessions_counted") ?? 0),
            missed: Int(r.number("sessions_missed") ?? 0))
    }

    /// One week of the report; `week` may be an empty placeholder for a Monday with no plan.
    public static func week(
        _ week: ProgramWeek, assessed: [String: SessionAssessment], today: LocalDay,
        planned: Bool = true
    ) -> Week {
        let sessions = week.sessions.map { s -> Session in
            guard let a = assessed[s.id] else {
                return Session(
                    session: s, status: "planned", adherence: s.adherencePct,
                    compliance: s.adherencePct.map { Compliance.of(percent: $0).rawValue },
                    ratio: nil, ratioBasis: nil, workout: nil)
            }
            return Session(
                session: s, status: a.missed ? "missed" : "done", adherence: a.adherence,
                compliance: a.compliance.rawValue, ratio: a.ratio, ratioBasis: a.ratioBasis,
                workout: a.workoutID)
        }
        // The scores count past sessions only, as the adherence metric does.
        let counted = week.sessions.filter { $0.date < today }.compactMap { assessed[$0.id] }
        let mean =
            counted.isEmpty ? nil : counted.map(\.adherence).reduce(0, +) / Double(counted.count)
        let group =
            week.start < today.monday
            ? "previous" : week.start == today.monday ? "current" : "upcoming"
        let days = week.days.enumerated().map { i, d in
            Day(
                date: d, weekday: weekdays[i],
                sessions: sessions.filter { $0.session.date == d }
                    .sorted {
                        ($0.session.order, $0.session.id) < ($1.session.order, $1.session.id)
                    })
        }
        return Week(
            id: planned ? week.id : nil, start: week.start, end: week.start.adding(days: 6),
            title: week.title,
            notes: week.notes, group: group, planned: planned,
            scores: Scores(
                week: mean, last28Days: nil, allTime: nil, counted: counted.count,
                missed: counted.filter(\.missed).count),
            days: days)
    }

    /// The grid of the week starting on `monday` (an empty, unplanned grid when none is stored).
    public static func grid(_ snapshot: PlanSnapshot, monday: LocalDay, today: LocalDay) -> Week {
        let assessed = assess(snapshot, today: today)
        let grid =
            snapshot.week(at: monday).map { week($0, assessed: assessed, today: today) }
            ?? week(
                ProgramWeek(id: "", start: monday), assessed: assessed, today: today,
                planned: false)
        return withTotals(grid, snapshot: snapshot, assessed: assessed)
    }
}
