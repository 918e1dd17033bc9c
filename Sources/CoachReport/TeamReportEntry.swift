import CoachKit
import CoachMetrics
import CoachViews
import Foundation

/// One athlete of the team report: their team-view row (`TeamRow`) and their last 28 days of load.
public struct TeamReportEntry: Sendable {
    /// Days in each athlete's small multiple.
    public static let days = 28

    public var row: TeamRow
    /// The 28 days ending on the row's day.
    public var window: [LocalDay]
    public var tss: [Double?]
    public var tsb: [Double?]
    public var ctl: [Double?]

    /// The row and the training-load series of one athlete.
    ///
    /// - Parameters:
    ///   - evaluation: the athlete's indexed data.
    ///   - moment: the day shown and its "now".
    public init(_ evaluation: MetricEvaluation, at moment: ViewMoment) throws {
        row = try TeamRow(evaluation, at: moment)
        let first = moment.day.adding(days: 1 - Self.days)
        window = (0..<Self.days).map { first.adding(days: $0) }
        let series =
            try evaluation.result("training-load", day: moment.day, now: moment.now).series ?? [:]
        func cut(_ name: String) -> [Double?] {
            var byDay: [Int: Double] = [:]
            for p in series[name] ?? [] where p.day >= first {
                if let v = p.value { byDay[p.day.ordinal] = v }
            }
            return (0..<Self.days).map { byDay[first.ordinal + $0] }
        }
        tss = cut("tss")
        tsb = cut("tsb")
        ctl = cut("ctl")
    }
}
