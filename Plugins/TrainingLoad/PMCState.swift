import CoachKit
import Foundation

/// The performance-management chart carried from the days up to one day: where the history
/// starts, the seed, and CTL and ATL at the end of that day.
///
/// Continuing the chart from it gives bit for bit the numbers of a walk from the first day,
/// because each later day applies the same operations to the same values. It is only carried
/// once the first week of history (the seed) is complete; before that the window after it holds
/// the whole history.
public struct PMCState: Codable, Sendable, Equatable {
    public var firstDay: LocalDay
    public var seedCTL: Double
    public var seedATL: Double
    /// CTL at the end of the state's day.
    public var ctl: Double
    /// ATL at the end of the state's day.
    public var atl: Double
    /// The deep-form runs ending on the state's day.
    public var runs: FormRuns
    /// Days the chart reads besides the state: the first week (the seed), with a margin.
    public static let lookBack = 8

    /// The state at the end of `input.day`, continuing `carried` (as of `input.carriedAsOf`)
    /// or walking the whole history in `input`; nil while the first week is not complete.
    public static func carry(_ input: MetricInput, carried: PMCState?) -> PMCState? {
        guard let (load, chart) = PerformanceChart.build(from: input, carried: carried),
            input.day.ordinal - load.historyStart.ordinal >= 6
        else { return nil }
        return PMCState(
            firstDay: load.historyStart, seedCTL: carried?.seedCTL ?? chart.seedCTL,
            seedATL: carried?.seedATL ?? chart.seedATL,
            ctl: chart.ctl(after: input.day), atl: chart.atl(after: input.day),
            runs: FormRuns.through(input.day, chart: chart, start: carried?.runs ?? .zero))
    }
}

extension PerformanceChart {
    /// The chart continued from `state` over `load` (which starts the day after the state's day).
    init(load: DailyLoad, settings: PMCSettings, from state: PMCState) {
        let (kc, ka) = Self.coefficients(settings)
        var c = state.ctl, a = state.atl
        var ctl = [Double](), atl = [Double]()
        ctl.reserveCapacity(load.tss.count)
        atl.reserveCapacity(load.tss.count)
        for t in load.tss {
            c += kc * (t - c)
            a += ka * (t - a)
            ctl.append(c)
            atl.append(a)
        }
        self.init(
            firstDay: load.firstDay, seedCTL: state.ctl, seedATL: state.atl, ctl: ctl, atl: atl)
    }

    /// The daily load and chart of `input` up to its day, continuing `carried` when given (as of
    /// `input.carriedAsOf`); `nil` without any workout in the history.
    public static func build(from input: MetricInput, carried: PMCState?) -> (
        load: DailyLoad, chart: PerformanceChart
    )? {
        guard let carried, let asOf = input.carriedAsOf else { return build(from: input) }
        let load = DailyLoad(
            workouts: input.workouts, athlete: input.athlete, zone: input.zone,
            after: asOf, through: input.day, historyStart: carried.firstDay)
        return (load, PerformanceChart(load: load, settings: input.athlete.pmc, from: carried))
    }
}
