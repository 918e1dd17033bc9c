import CoachKit
import Foundation

/// Foster's session-RPE load per day: RPE (1–10) × minutes, summed over the day's workouts.
///
/// Workouts without an RPE (or without a duration) are left out. Minutes are elapsed time (moving
/// time when elapsed time is missing). Each workout counts on its local start day.
public struct SessionLoad: Sendable {
    /// The first day with an RPE workout.
    public let firstDay: LocalDay
    public let lastDay: LocalDay
    /// Load per day, index 0 = `firstDay` (or the first day of the window after a carried state).
    public let daily: [Double]
    /// The day of `daily[0]`: `firstDay`, or the window's first day after a carried state.
    let base: LocalDay
    /// The EWMAs carried as of a day inside the window, continued over the days after it.
    let carried: (asOf: LocalDay, state: ExertionState)?

    /// The load of one workout, or `nil` without RPE 1–10 and a duration.
    public static func load(of w: Workout) -> Double? {
        guard let r = w.rpe, (1...10).contains(r), let s = w.elapsedS ?? w.movingS, s.isFinite,
            s > 0
        else { return nil }
        return Double(r) * s / 60
    }

    /// Daily loads up to `day`; `nil` when no RPE workout starts on or before it.
    public init?(workouts: [Workout], zone: TimeZone, through day: LocalDay) {
        var dated: [(Int, Double)] = []
        let days = ZoneDays(zone: zone, spanning: workouts) { $0.start }
        for w in workouts {
            guard let l = Self.load(of: w) else { continue }
            let x = days.day(of: w.start).ordinal
            if x <= day.ordinal { dated.append((x, l)) }
        }
        guard let first = dated.map(\.0).min() else { return nil }
        var daily = [Double](repeating: 0, count: day.ordinal - first + 1)
        for (x, l) in dated { daily[x - first] += l }
        firstDay = LocalDay(ordinal: first)
        lastDay = day
        self.daily = daily
        base = firstDay
        carried = nil
    }

    /// Daily loads of the window from `window` through `day`, continuing `state` (carried as of
    /// `asOf`, inside the window) for the averages over the whole history.
    public init(
        workouts: [Workout], zone: TimeZone, window: LocalDay, through day: LocalDay,
        carried state: ExertionState, asOf: LocalDay
    ) {
        let lo = max(window.ordinal, state.firstDay.ordinal)
        var daily = [Double](repeating: 0, count: max(1, day.ordinal - lo + 1))
        let days = ZoneDays(zone: zone, spanning: workouts) { $0.start }
        for w in workouts {
            guard let l = Self.load(of: w) else { continue }
            let x = days.day(of: w.start).ordinal
            if x >= lo, x <= day.ordinal { daily[x - lo] += l }
        }
        firstDay = state.firstDay
        lastDay = day
        self.daily = daily
        base = LocalDay(ordinal: lo)
        carried = (asOf, state)
    }

    /// The two averages at the end of `lastDay` (acute λ = 2/8, chronic λ = 2/29).
    public var ewma: (acute: Double, chronic: Double) {
        let la = 2.0 / 8, lc = 2.0 / 29
        var a: Double, c: Double, from: Int
        if let carried {
            (a, c) = (carried.state.acute, carried.state.chronic)
            from = carried.asOf.ordinal + 1 - base.ordinal
        } else {
            (a, c) = (daily[0], daily[0])
            from = 1
        }
        for l in daily[min(max(from, 0), daily.count)...] {
            a = la * l + (1 - la) * a
            c = lc * l + (1 - lc) * c
        }
        return (a, c)
    }

    /// The load of `day` (0 outside the history).
    public func load(on day: LocalDay) -> Double {
        let i = day.ordinal - base.ordinal
        return i >= 0 && i < daily.count ? daily[i] : 0
    }

    /// Σ of the loads of the `n` days ending with `day`.
    public func sum(days n: Int, endingOn day: LocalDay) -> Double {
        (0..<n).reduce(0) { $0 + load(on: day.adding(days: -$1)) }
    }

    /// Acute:chronic workload ratio by exponentially weighted moving averages (λ = 2 / (N + 1),
    /// N = 7 and 28), both seeded with the first day's load.
    ///
    /// - Returns: `nil` when the chronic average is 0.
    public var ewmaRatio: Double? {
        let (a, c) = ewma
        return c > 0 ? a / c : nil
    }

    /// Days in the recent window of the detraining rule.
    public static let detrainingRecentDays = 21
    /// Days in the reference window before it.
    public static let detrainingReferenceDays = 28
    /// The recent daily mean must fall under this share of the reference mean.
    public static let detrainingShare = 0.5

    /// Whether training has dropped long enough to lose fitness: the mean daily load of the 21
    /// days ending on `day` is under half the mean daily load of the 28 days before them (counting
    /// only days on or after the first RPE workout, at least 7 of them).
    ///
    /// Three weeks, so a rest day, a recovery week or a two-week taper (Bosquet et al. 2007: 41–60 %
    /// less volume over about two weeks) never raise it; more than halved, because a reduced but
    /// regular load maintains adaptations for weeks (Mujika and Padilla 2000, on detraining).
    ///
    /// - Returns: the recent and reference daily means, or `nil` with fewer than 7 reference days
    ///   or no reference load.
    public func detraining(on day: LocalDay) -> (recent: Double, reference: Double, flagged: Bool)?
    {
        let recentStart = day.adding(days: 1 - Self.detrainingRecentDays)
        let referenceStart = recentStart.adding(days: -Self.detrainingReferenceDays)
        let from = max(referenceStart.ordinal, firstDay.ordinal)
        let n = recentStart.ordinal - from
        guard n >= 7 else { return nil }
        let reference =
            (from..<recentStart.ordinal).reduce(0) { $0 + load(on: LocalDay(ordinal: $1)) }
            / Double(n)
        guard reference > 0 else { return nil }
        let recent =
            sum(days: Self.detrainingRecentDays, endingOn: day) / Double(Self.detrainingRecentDays)
        return (recent, reference, recent < Self.detrainingShare * reference)
    }
}
