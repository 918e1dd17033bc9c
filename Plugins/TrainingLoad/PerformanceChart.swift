import CoachKit
import Foundation

/// The performance-management chart: fitness (CTL), fatigue (ATL) and form (TSB) per day.
///
/// Each day moves CTL and ATL towards that day's TSS by a fixed fraction: 1 − e^(−1/τ) for the
/// exponential model (TrainingPeaks, GoldenCheetah, intervals.icu) or 1/τ for the linear model
/// (WKO), with τ = 42 and 7 days by default. Every calendar day is iterated, so load decays on rest
/// days. The state before the first day is the profile's starting CTL/ATL, else 0, as
/// TrainingPeaks starts a new athlete's chart. Form on a day is the form going into it:
/// yesterday's CTL − ATL.
public struct PerformanceChart: Sendable, Equatable {
    public let firstDay: LocalDay
    public let seedCTL: Double
    public let seedATL: Double
    /// CTL at the end of each day; index 0 is `firstDay`.
    public let ctl: [Double]
    /// ATL at the end of each day; index 0 is `firstDay`.
    public let atl: [Double]

    /// Runs the chart over `load` in one pass.
    ///
    /// - Parameters:
    ///   - load: daily TSS from the first day of history.
    ///   - settings: model, time constants and optional starting values.
    public init(load: DailyLoad, settings: PMCSettings) {
        let (kc, ka) = Self.coefficients(settings)
        firstDay = load.firstDay
        seedCTL = settings.startCtl ?? 0
        seedATL = settings.startAtl ?? 0
        var c = seedCTL, a = seedATL
        var ctl = [Double](), atl = [Double]()
        ctl.reserveCapacity(load.tss.count)
        atl.reserveCapacity(load.tss.count)
        for t in load.tss {
            c += kc * (t - c)
            a += ka * (t - a)
            ctl.append(c)
            atl.append(a)
        }
        self.ctl = ctl
        self.atl = atl
    }

    init(firstDay: LocalDay, seedCTL: Double, seedATL: Double, ctl: [Double], atl: [Double]) {
        self.firstDay = firstDay
        self.seedCTL = seedCTL
        self.seedATL = seedATL
        self.ctl = ctl
        self.atl = atl
    }

    /// The fractions CTL and ATL move per day for `settings`.
    public static func coefficients(_ settings: PMCSettings) -> (ctl: Double, atl: Double) {
        let tc = settings.ctlDays > 0 ? settings.ctlDays : 42
        let ta = settings.atlDays > 0 ? settings.atlDays : 7
        switch settings.model {
        case .exponential: return (1 - exp(-1 / tc), 1 - exp(-1 / ta))
        case .linear: return (1 / tc, 1 / ta)
        }
    }

    /// One day of the chart: yesterday's CTL and ATL plus today's TSS give today's.
    public static func step(
        ctl: Double, atl: Double, tss: Double, settings: PMCSettings = PMCSettings()
    )
        -> (ctl: Double, atl: Double)
    {
        let (kc, ka) = coefficients(settings)
        return (ctl + kc * (tss - ctl), atl + ka * (tss - atl))
    }

    /// Days of history a chart started at 0 needs before its form is fair: two CTL time constants
    /// (84 days by default), after which CTL lags its true value by under e^−2 ≈ 14 %.
    ///
    /// - Returns: `nil` when the profile types both starting values: that chart is fair at once.
    public static func settlingDays(_ settings: PMCSettings) -> Int? {
        guard settings.startCtl == nil || settings.startAtl == nil else { return nil }
        return Int((2 * (settings.ctlDays > 0 ? settings.ctlDays : 42)).rounded(.up))
    }

    /// The last day of the chart.
    public var lastDay: LocalDay { firstDay.adding(days: ctl.count - 1) }

    /// CTL at the end of `day`: the seed before the first day, the last value after the last day.
    public func ctl(after day: LocalDay) -> Double { value(ctl, seedCTL, day) }

    /// ATL at the end of `day`: the seed before the first day, the last value after the last day.
    public func atl(after day: LocalDay) -> Double { value(atl, seedATL, day) }

    /// Form going into `day`: CTL − ATL at the end of the day before.
    public func tsb(on day: LocalDay) -> Double {
        let y = day.adding(days: -1)
        return ctl(after: y) - atl(after: y)
    }

    /// Form at the end of `day`.
    public func tsbAfter(_ day: LocalDay) -> Double { ctl(after: day) - atl(after: day) }

    /// CTL change over the last seven days: CTL(day) − CTL(day − 7).
    public func ramp(on day: LocalDay) -> Double {
        ctl(after: day) - ctl(after: day.adding(days: -7))
    }

    private func value(_ series: [Double], _ seed: Double, _ day: LocalDay) -> Double {
        let i = day.ordinal - firstDay.ordinal
        if i < 0 || series.isEmpty { return seed }
        return series[min(i, series.count - 1)]
    }

    /// The daily load and chart of `input` up to its day, or `nil` without workouts.
    public static func build(from input: MetricInput) -> (load: DailyLoad, chart: PerformanceChart)?
    {
        guard
            let load = DailyLoad(
                workouts: input.workouts, athlete: input.athlete, zone: input.zone,
                through: input.day)
        else { return nil }
        return (load, PerformanceChart(load: load, settings: input.athlete.pmc))
    }
}
