import CoachKit
import CoachMetrics
import CoachReport
import Foundation
import Testing

/// The SVG is drawn from the providers' numbers: last points land on the metric of the day at the
/// chart's scale, gaps break lines instead of dropping to zero.
@Suite struct ChartGeometryTests {
    /// Half a printed decimal of a coordinate, in value units of `frame`.
    static func tolerance(_ frame: ChartFrame) -> Double {
        0.051 * (frame.high - frame.low) / frame.plotHeight
    }

    @Test("The CTL line ends on the training-load provider's CTL of the day")
    func ctlLastPoint() throws {
        let data = try ReportFixture.report()
        let html = AthleteCharts.performance(data).svg
        let d = try #require(ReportFixture.path(html, css: "ctl"))
        let last = try #require(ReportFixture.runs(d).last?.last)
        let frame = AthleteCharts.pmcFrame(data)
        let ctl = try #require(data.metric("training-load")?.number("ctl"))
        #expect(
            abs(frame.value(atY: last.y) - ctl) <= Self.tolerance(frame),
            "drawn \(frame.value(atY: last.y)), CTL \(ctl)")
        #expect(abs(last.x - frame.x(data.days.count - 1)) < 0.051)
    }

    @Test("The form line ends on the provider's TSB going into the day, in the lower panel")
    func tsbLastPoint() throws {
        let data = try ReportFixture.report()
        let html = AthleteCharts.performance(data).svg
        let d = try #require(ReportFixture.path(html, css: "tsb"))
        let last = try #require(ReportFixture.runs(d).last?.last)
        let frame = AthleteCharts.tsbFrame(data)
        let tsb = try #require(data.metric("training-load")?.number("tsb"))
        #expect(abs(frame.value(atY: last.y) - tsb) <= Self.tolerance(frame))
        #expect(
            html.contains("<g transform=\"translate(0 200)\">"),
            "the form panel sits below the 200-unit load panel")
    }

    @Test(
        "Each readiness point is the score the provider gives that day", arguments: [0, 17, 45, 58])
    func readinessPoints(index: Int) throws {
        let data = try ReportFixture.report()
        let evaluation = try ReportFixture.evaluation()
        let day = data.days[index]
        let now: Date? = day == ReportFixture.day ? ReportFixture.now : nil
        let result = try evaluation.result("readiness", day: day, now: now)
        #expect(data.readiness[index] == result.score.map(Double.init))
        let frame = ChartFrame(count: data.days.count, low: 0, high: 100, step: 20, height: 180)
        let html = AthleteCharts.readiness(data).svg
        let d = try #require(ReportFixture.path(html, css: "readiness"))
        let points = ReportFixture.runs(d).flatMap { $0 }
        let x = frame.x(index)
        if let score = result.score {
            let p = try #require(points.first { abs($0.x - x) < 0.051 })
            #expect(abs(frame.value(atY: p.y) - Double(score)) <= Self.tolerance(frame))
        } else {
            #expect(!points.contains { abs($0.x - x) < 0.051 })
        }
    }

    @Test("A week without the watch breaks the HRV and resting-HR lines instead of drawing zeros")
    func gapsBreakLines() throws {
        let data = try ReportFixture.report()
        let gap = (12...18).map { LocalDay("2026-10-\($0)")! }
        for day in gap {
            let i = try #require(data.index(of: day))
            #expect(
                data.hrv[i] == nil && data.restingHR[i] == nil && data.steps[i] == nil
                    && data.sleepHours[i] == nil)
        }
        let html = AthleteCharts.hrv(data).svg
        let runs = ReportFixture.runs(try #require(ReportFixture.path(html, css: "rhr")))
        let frame = ChartFrame(
            count: data.days.count, values: data.restingHR.compactMap { $0 }, height: 120)
        let gapX = gap.map { frame.x(data.index(of: $0)!) }
        #expect(runs.count >= 2, "the line restarts after the gap")
        #expect(!runs.flatMap { $0 }.contains { p in gapX.contains { abs($0 - p.x) < 0.051 } })
    }

    @Test("Steps draw one bar per logged day: none on days without an entry")
    func stepBars() throws {
        let data = try ReportFixture.report()
        let svg = AthleteCharts.steps(data).svg
        let bars =
            svg.components(separatedBy: "<rect class=\"f-green\"").count - 1
            + svg.components(separatedBy: "<rect class=\"hatch-green\"").count - 1
        #expect(bars == data.steps.compactMap { $0 }.count)
        #expect(data.steps.contains { $0 == nil })
    }

    @Test(
        "A frame maps values and back, and its ticks are round",
        arguments: [
            ([3.0, 97.0], [0.0]), ([-42.0, 17.5], []), ([0.2, 0.9], []), ([1200.0, 2750.0], [0.0]),
        ])
    func frameScale(values: [Double], include: [Double]) {
        let f = ChartFrame(count: 30, values: values, include: include)
        for v in values + include {
            #expect(f.low <= v && v <= f.high)
            #expect(abs(f.value(atY: f.y(v)) - v) < 1e-9)
        }
        #expect(f.ticks.first == f.low && abs(f.ticks.last! - f.high) < 1e-9)
        #expect(f.y(f.high) == ChartFrame.top && f.y(f.low) == f.baseline)
    }

    @Test("A path restarts after every gap and skips the missing days")
    func pathGaps() {
        let f = ChartFrame(count: 6, low: 0, high: 10, step: 5)
        let d = f.path([1, 2, nil, nil, 5, nil])
        #expect(d == "M\(f.point(0, 1)) L\(f.point(1, 2)) M\(f.point(4, 5))")
        #expect(f.isolated([1, 2, nil, nil, 5, nil]) == [4])
    }
}
