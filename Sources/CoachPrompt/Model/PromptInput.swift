import CoachKit
import Foundation

/// Everything an export is rendered from, already loaded and evaluated.
///
/// The renderer reads nothing else: no storage, no clock, no randomness, so the same input and
/// options always give the same bytes.
public struct PromptInput: Sendable {
    /// The athlete's profile.
    public var profile: AthleteProfile
    /// The athlete-local day the export is made on.
    public var today: LocalDay
    /// Every metric's result for today.
    public var results: [MetricResult]
    /// Each day of the window, oldest first, with its metric results.
    public var days: [PromptDay]
    /// Last week, this week and next week (those that exist).
    public var weeks: [PromptWeek]
    /// Workouts of the window, with their training stress.
    public var workouts: [PromptWorkout]
    /// Wellness entries of the window.
    public var wellness: [WellnessEntry]
    /// The newest day each kind of data was logged, by kind (`hrv`, `sleep`, `weight`, …).
    public var lastLogged: [String: LocalDay]
    /// Free text of the athlete's data (workout titles, notes, the name) that providers may quote
    /// in their components; a redacted export replaces every occurrence.
    public var privateTexts: [String] = []
    /// The opaque reference to the athlete a reply must echo.
    public var athleteRef: String
    /// The opaque reference to this export a reply must echo.
    public var exportRef: String

    /// An input from its parts.
    public init(
        profile: AthleteProfile, today: LocalDay, results: [MetricResult], days: [PromptDay],
        weeks: [PromptWeek], workouts: [PromptWorkout], wellness: [WellnessEntry],
        lastLogged: [String: LocalDay], athleteRef: String, exportRef: String
    ) {
        self.profile = profile
        self.today = today
        self.results = results
        self.days = days
        self.weeks = weeks
        self.workouts = workouts
        self.wellness = wellness
        self.lastLogged = lastLogged
        self.athleteRef = athleteRef
        self.exportRef = exportRef
    }
}

/// One day of the trend window and every metric's result on it.
public struct PromptDay: Sendable {
    public var day: LocalDay
    public var results: [MetricResult]
    /// Hours asleep in the night ending that day, when sleep was logged.
    public var sleepHours: Double?
    /// A day, its results and its sleep.
    public init(day: LocalDay, results: [MetricResult], sleepHours: Double? = nil) {
        self.day = day
        self.results = results
        self.sleepHours = sleepHours
    }

    /// The number `value` of provider `id` that day (its score when `value` is nil).
    public func number(_ id: String, _ value: String?) -> Double? {
        guard let r = results.first(where: { $0.id == id }) else { return nil }
        guard let value else { return r.score.map(Double.init) }
        return r.number(value)
    }
}

/// One program week as the plan report assesses it.
public struct PromptWeek: Sendable {
    /// `last week`, `this week` or `next week`.
    public var label: String
    public var start: LocalDay
    public var title: String?
    public var notes: String?
    /// The week's mean adherence in percent, when sessions were counted.
    public var adherence: Double?
    public var sessions: [PromptSession]
    /// A week from its parts.
    public init(
        label: String, start: LocalDay, title: String?, notes: String?, adherence: Double?,
        sessions: [PromptSession]
    ) {
        self.label = label
        self.start = start
        self.title = title
        self.notes = notes
        self.adherence = adherence
        self.sessions = sessions
    }
}

/// One planned session with how it went.
public struct PromptSession: Sendable {
    public var session: PlannedSession
    /// `planned`, `done` or `missed`.
    public var status: String
    public var adherence: Double?
    public var compliance: String?
    /// A session and its assessment.
    public init(session: PlannedSession, status: String, adherence: Double?, compliance: String?) {
        self.session = session
        self.status = status
        self.adherence = adherence
        self.compliance = compliance
    }
}

/// One workout with its training stress and the method that produced it.
public struct PromptWorkout: Sendable {
    public var workout: Workout
    /// The athlete-local day it started.
    public var day: LocalDay
    public var tss: Double?
    /// How the TSS was obtained (`device`, `power`, `pace`, `heart_rate`, `rpe`), nil when none.
    public var tssMethod: String?
    /// A workout and its stress.
    public init(workout: Workout, day: LocalDay, tss: Double?, tssMethod: String?) {
        self.workout = workout
        self.day = day
        self.tss = tss
        self.tssMethod = tssMethod
    }
}
