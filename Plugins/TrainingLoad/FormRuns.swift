import CoachKit
import Foundation

/// How many days in a row, ending on a day, form going into the day (TSB) has stayed deep.
///
/// Joe Friel's form zones for the performance-management chart put −10 to −30 as the zone where
/// fitness is built (fatigue outweighs fitness) and below −30 as high risk, a zone to leave within
/// a few days. Functional overreaching is expected to resolve within about two weeks (Meeusen et
/// al., 2013). So `sustained_overreaching` is raised after 14 days in a row under −10 (two weeks
/// without one day back above it), or 3 days in a row under −30.
public struct FormRuns: Codable, Sendable, Equatable {
    /// Consecutive days with TSB < −10, ending on the day.
    public var below10: Int
    /// Consecutive days with TSB < −30, ending on the day.
    public var below30: Int

    /// Runs of `below10` and `below30` days.
    public init(below10: Int, below30: Int) {
        self.below10 = below10
        self.below30 = below30
    }

    /// No day counted yet.
    public static let zero = FormRuns(below10: 0, below30: 0)
    /// Days in a row under −10 that raise the flag.
    public static let buildDays = 14
    /// Days in a row under −30 that raise the flag.
    public static let highRiskDays = 3

    /// Whether the runs raise `sustained_overreaching`.
    public var sustained: Bool { below10 >= Self.buildDays || below30 >= Self.highRiskDays }

    /// The runs after one more day whose form going into it was `tsb`.
    public func adding(tsb: Double) -> FormRuns {
        FormRuns(below10: tsb < -10 ? below10 + 1 : 0, below30: tsb < -30 ? below30 + 1 : 0)
    }

    /// The runs through `day`, continuing `start` (the runs of the day before the chart's first).
    ///
    /// - Parameters:
    ///   - chart: the chart, whose first day follows the day `start` belongs to.
    ///   - day: the last day counted.
    ///   - start: the runs carried in, `.zero` from the first day of history.
    public static func through(
        _ day: LocalDay, chart: PerformanceChart, start: FormRuns
    ) -> FormRuns {
        var runs = start
        var x = chart.firstDay
        while x <= day {
            runs = runs.adding(tsb: chart.tsb(on: x))
            x = x.adding(days: 1)
        }
        return runs
    }
}
