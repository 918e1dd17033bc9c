import CoachKit
import CoachMetrics
import CoachViews
import Foundation

/// Everything the athlete report draws, one entry per day of the window, gaps as `nil`.
///
/// Built from provider results and the athlete's own logs (see `init(_:at:days:)`); the renderer
/// only arranges these numbers.
public struct AthleteReportData: Sendable {
    /// One planned session in the compliance calendar.
    public struct PlanCell: Sendable, Equatable {
        /// How the session went.
        public enum State: String, Sendable, CaseIterable {
            case green, yellow, red, missed, planned
        }
        public var day: LocalDay
        public var title: String
        public var state: State
        /// Adherence %, for past sessions.
        public var adherence: Double?
    }

    /// One workout of the window, as the workouts table lists it.
    public struct WorkoutLine: Sendable, Equatable {
        public var day: LocalDay
        public var sport: Sport
        public var title: String?
        public var elapsedS: Double?
        public var distanceM: Double?
    }

    public var handle: String
    /// The athlete's units: every distance, weight, pace and speed of the page is in them.
    public var units: UnitSystem
    /// Body weight on the report's day: the 7-day average and its change, as `log weight` and
    /// `trend --metric weight` read it; nil without a weigh-in in those 7 days.
    public var weight: WeightTrend?
    /// The window's workouts, newest first.
    public var workouts: [WorkoutLine]
    public var name: String
    /// The last day of the window (the day the report looks at).
    public var day: LocalDay
    /// The days of the window, oldest first.
    public var days: [LocalDay]
    /// Every provider's result for `day`, in registry order.
    public var today: [MetricResult]
    /// The day's flags, computed as the team row computes them (`TeamRow.flags`).
    public var flags: [String]
    /// Provider id → its bands.
    public var bands: [String: [MetricBand]]
    public var tss: [Double?], ctl: [Double?], atl: [Double?], tsb: [Double?]
    public var readiness: [Double?]
    public var stress: [Double?]
    /// The day's HRV reading (ms) and its 30-day baseline, from the stress provider.
    public var hrv: [Double?], hrvBaseline: [Double?]
    /// The baseline band: baseline ± one robust SD (MAD / 0.6745) of the 30 readings before.
    public var hrvLow: [Double?], hrvHigh: [Double?]
    /// The day's last resting-HR reading (bpm).
    public var restingHR: [Double?]
    /// Hours of the main sleep of the night before each day.
    public var sleepHours: [Double?]
    public var steps: [Double?], stepGoal: [Double?], streak: [Double?], bonusDays: [Double?]
    public var kcal: [Double?], kcalTarget: [Double?], protein: [Double?], proteinTarget: [Double?]
    /// Days the nutrition provider raised `low_energy_availability`.
    public var lowEnergyAvailability: [Bool]
    /// Mood 1–5 per day.
    public var mood: [Int?]
    /// Soreness 0–10: one row per muscle group (`MuscleGroup.allCases` order), one entry per day.
    public var soreness: [[Int?]]
    /// The planned sessions of the window, by day and plan order.
    public var sessions: [PlanCell]

    /// The result of provider `id` for `day`, if it ran.
    public func metric(_ id: String) -> MetricResult? { today.first { $0.id == id } }

    /// The index of `day` in the window, if it is in it.
    public func index(of day: LocalDay) -> Int? {
        guard let first = days.first else { return nil }
        let i = day.ordinal - first.ordinal
        return i >= 0 && i < days.count ? i : nil
    }
}
