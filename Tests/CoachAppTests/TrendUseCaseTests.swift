import CoachApp
import CoachKit
import CoachTestSupport
import CoachViews
import Foundation
import Testing

/// `trend` in process on the 60-day fixture (moved from ViewsCLITests, which started the binary
/// five times for it): a series' last point is the day's metric value.
@Suite struct TrendUseCaseTests {
    static let now = "2026-11-20T18:00:00+01:00"

    /// Owner olivia with `jane` (60 days of data) and `bert` (no data yet).
    static func scene() throws -> WorkspaceSandbox {
        let s = try WorkspaceSandbox(now: now, athletes: ["bert"])
        try s.add(
            try JSONDecoder().decode(
                AthleteDataset.self, from: try TestFixtures.data("views-60-days.json")))
        return s
    }

    @Test("A trend's last point equals what metrics shows for that day")
    func trendMatchesMetrics() throws {
        let s = try Self.scene()
        let session = try s.session()
        let trend = try session.trend(
            Handle("jane"), date: "2026-11-19", series: ["training-load.ctl"], days: 3)
        let (_, results) = try session.metrics(
            Handle("jane"), date: "2026-11-19", providers: ["training-load"])
        let last = try #require(trend.series.first?.points.last?.value)
        let result = try #require(results.first)
        #expect(last == result.values["ctl"]?.number)
    }

    @Test("A trend has one point per day for each series, ending on the day asked")
    func trendShape() throws {
        let s = try Self.scene()
        let trend = try s.session().trend(
            Handle("jane"), date: "2026-11-18", series: ["readiness", "ctl", "steps"], days: 10)
        #expect(trend.series.map(\.name) == ["readiness", "ctl", "steps"])
        for series in trend.series {
            #expect(series.points.count == 10)
            #expect(series.points.last?.day == LocalDay("2026-11-18"))
        }
    }
}
