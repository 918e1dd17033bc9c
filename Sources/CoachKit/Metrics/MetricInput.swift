import Foundation

/// Everything one provider may read to score one athlete on one day.
///
/// Holds only the data kinds the provider declared, within its declared window (built by
/// `MetricInput.make`). Records are sorted by time (days for day-keyed kinds), but providers
/// should not rely on records outside their window being absent or on arrays being sorted.
/// `now` is the moment of evaluation: the real time when scoring today, 23:59:59 of the day when
/// scoring a past day. It is kept to whole seconds, so an input sent to a plugin as JSON arrives
/// exactly as it was built.
public struct MetricInput: Sendable, Equatable {
    public var day: LocalDay
    /// IANA identifier of the athlete's time zone.
    public var timeZone: String { didSet { zone = Self.resolve(timeZone) } }
    public var now: Date { didSet { now = Self.wholeSeconds(now) } }
    public var athlete: AthleteContext
    public var workouts: [Workout]
    public var wellness: [WellnessEntry]
    public var biometrics: [BiometricSample]
    public var sleep: [SleepRecord]
    public var food: [FoodEntry]
    public var steps: [StepsDay]
    public var weight: [WeightEntry]
    /// Planned sessions, flattened from the program weeks.
    public var plan: [PlannedSession]
    /// Providers' states carried from the days up to a day before the window, when the input
    /// was cut to a window after them (built-ins only; never sent to a plugin).
    public var carried: CarriedState?
    /// The time zone of `timeZone` (UTC when the identifier is unknown).
    public private(set) var zone: TimeZone

    /// - Parameters:
    ///   - day: the athlete-local day scored.
    ///   - timeZone: IANA identifier of the athlete's time zone.
    ///   - now: the moment of evaluation; defaults to 23:59:59 of `day`.
    ///   - athlete: the athlete context.
    public init(
        day: LocalDay, timeZone: String = "UTC", now: Date? = nil,
        athlete: AthleteContext = AthleteContext(),
        workouts: [Workout] = [], wellness: [WellnessEntry] = [],
        biometrics: [BiometricSample] = [],
        sleep: [SleepRecord] = [], food: [FoodEntry] = [], steps: [StepsDay] = [],
        weight: [WeightEntry] = [], plan: [PlannedSession] = []
    ) {
        let zone = Self.resolve(timeZone)
        self.day = day; self.timeZone = timeZone; self.zone = zone
        self.now = Self.wholeSeconds(now ?? Self.endOfDay(day, in: zone))
        self.athlete = athlete; self.workouts = workouts; self.wellness = wellness
        self.biometrics = biometrics; self.sleep = sleep; self.food = food; self.steps = steps
        self.weight = weight; self.plan = plan
    }

    /// 23:59:59 (wall clock) of `day` in `zone`: the "now" of a past day.
    public static func endOfDay(_ day: LocalDay, in zone: TimeZone) -> Date {
        day.instant(secondsSinceMidnight: 86_399, in: zone)
    }

    /// The kinds that hold at least one record.
    public var nonEmptyKinds: [InputKind] {
        InputKind.allCases.filter { count(of: $0) > 0 }
    }

    /// How many records of `kind` the input holds.
    public func count(of kind: InputKind) -> Int {
        switch kind {
        case .workouts: workouts.count
        case .wellness: wellness.count
        case .biometrics: biometrics.count
        case .sleep: sleep.count
        case .food: food.count
        case .steps: steps.count
        case .weight: weight.count
        case .plan: plan.count
        }
    }

    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    static func resolve(_ identifier: String) -> TimeZone {
        TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC")!
    }
}
