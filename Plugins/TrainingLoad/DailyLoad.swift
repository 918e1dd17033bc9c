import CoachKit
import Foundation

/// Daily TSS from the first day of training history to the evaluated day, rest days included.
///
/// The first day of history is the earliest local day, on or before the evaluated day, holding any
/// workout (with or without a TSS). Each workout counts on the local day it started.
public struct DailyLoad: Sendable, Equatable {
    /// The first day of the series: the first day of history, or the day after a carried state.
    public let firstDay: LocalDay
    /// The first day of training history (equals `firstDay` unless continuing a carried state).
    public let historyStart: LocalDay
    public let lastDay: LocalDay
    /// TSS per day; index 0 is `firstDay`.
    public let tss: [Double]
    /// The workouts of `lastDay`, in start order, with their TSS.
    public let lastDayWorkouts: [WorkoutTSS]

    /// Sums the workouts' TSS by local start day.
    ///
    /// - Parameters:
    ///   - workouts: workouts in any order; those starting after `day` are ignored.
    ///   - athlete: thresholds and sex for the TSS methods.
    ///   - zone: the athlete's time zone.
    ///   - day: the last day of the series (the evaluated day).
    /// - Returns: `nil` when no workout starts on or before `day`.
    public init?(
        workouts: [Workout], athlete: AthleteContext, zone: TimeZone, through day: LocalDay
    ) {
        var dated: [(day: Int, workout: Workout)] = []
        dated.reserveCapacity(workouts.count)
        let days = ZoneDays(zone: zone, spanning: workouts) { $0.start }
        for w in workouts {
            let d = days.day(of: w.start).ordinal
            if d <= day.ordinal { dated.append((d, w)) }
        }
        guard let first = dated.map(\.day).min() else { return nil }
        var tss = [Double](repeating: 0, count: day.ordinal - first + 1)
        var today: [(Double, WorkoutTSS)] = []
        for (d, w) in dated {
            let t = WorkoutStress.tss(of: w, athlete: athlete)
            tss[d - first] += t.tss
            if d == day.ordinal { today.append((w.start.epochSeconds, t)) }
        }
        self.firstDay = LocalDay(ordinal: first)
        self.historyStart = self.firstDay
        self.lastDay = day
        self.tss = tss
        self.lastDayWorkouts = today.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Builds the series from precomputed daily values (index 0 is `firstDay`).
    public init(firstDay: LocalDay, tss: [Double], lastDayWorkouts: [WorkoutTSS] = []) {
        self.firstDay = firstDay
        self.historyStart = firstDay
        self.lastDay = firstDay.adding(days: max(tss.count, 1) - 1)
        self.tss = tss.isEmpty ? [0] : tss
        self.lastDayWorkouts = lastDayWorkouts
    }

    /// The series from the day after `after` (a carried state's day) through `day`; workouts on
    /// or before `after` are ignored.
    ///
    /// - Parameter historyStart: the first day of the whole history, as carried.
    public init(
        workouts: [Workout], athlete: AthleteContext, zone: TimeZone, after: LocalDay,
        through day: LocalDay, historyStart: LocalDay
    ) {
        let first = after.ordinal + 1
        var tss = [Double](repeating: 0, count: max(0, day.ordinal - first + 1))
        var today: [(Double, WorkoutTSS)] = []
        let days = ZoneDays(zone: zone, spanning: workouts) { $0.start }
        for w in workouts {
            let d = days.day(of: w.start).ordinal
            guard d >= first, d <= day.ordinal else { continue }
            let t = WorkoutStress.tss(of: w, athlete: athlete)
            tss[d - first] += t.tss
            if d == day.ordinal { today.append((w.start.epochSeconds, t)) }
        }
        self.firstDay = LocalDay(ordinal: first)
        self.historyStart = historyStart
        self.lastDay = day
        self.tss = tss
        self.lastDayWorkouts = today.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The TSS of `day`; 0 outside the series.
    public func tss(on day: LocalDay) -> Double {
        let i = day.ordinal - firstDay.ordinal
        return i >= 0 && i < tss.count ? tss[i] : 0
    }
}
