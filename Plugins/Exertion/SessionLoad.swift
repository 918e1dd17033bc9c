import CoachKit
import Foundation

/// Foster's session-RPE load per day: RPE (1–10) × minutes, summed over the day's workouts.
///
/// Workouts without an RPE (or without a duration) are left out. Minutes are elapsed time (moving
/// time when elapsed time is missing). Each workout counts on its local start day.
public struct SessionLoad: Sendable, Equatable {
    /// The first day with an RPE workout.
    public let firstDay: LocalDay
    public let lastDay: LocalDay
    /// Load per day, index 0 = `firstDay`.
    public let daily: [Double]

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
    }

    /// The load of `day` (0 outside the history).
    public func load(on day: LocalDay) -> Double {
        let i = day.ordinal - firstDay.ordinal
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
        let la = 2.0 / 8, lc = 2.0 / 29
        var a = daily[0], c = daily[0]
        for l in daily.dropFirst() {
            a = la * l + (1 - la) * a
            c = lc * l + (1 - lc) * c
        }
        return c > 0 ? a / c : nil
    }
}
