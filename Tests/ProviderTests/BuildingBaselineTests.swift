import CoachKit
import Foundation
import ReadinessPlugin
import Testing
import TrainingLoadPlugin

/// Issue 29, item 4: until readiness has the two weeks of training history its form needs, it
/// says so instead of a default dressed as data; the chart starts at 0 or at typed values.
@Suite struct BuildingBaselineTests {
    static let d0 = Fx.day("2026-05-04")

    /// 60 TSS on each of the first `workouts` days from `d0`, evaluated on `d0 + day`.
    static func input(day: Int, workouts: Int, typed: Double? = nil) -> MetricInput {
        var athlete = AthleteContext()
        athlete.pmc.startCtl = typed
        athlete.pmc.startAtl = typed
        let d = d0.adding(days: day)
        return Fx.input(d, athlete: athlete) { i in
            i.workouts = (0..<workouts).map { Fx.tssWorkout(Self.d0.adding(days: $0), 60) }
                .filter { $0.start.day(in: .gmt) <= d }
        }
    }

    @Test(
        "readiness builds for 14 days of history unless starting CTL and ATL are typed",
        arguments: [
            // (day after the first workout, workouts, typed start, days shown or nil when scored)
            (0, 1, nil as Double?, 1 as Int?),  // the lone workout that read "50 Tempo/Sweetspot"
            (5, 6, nil, 6),  // six workouts: it read "81 Race/Peak"
            (12, 13, nil, 13), (13, 14, nil, nil), (20, 14, nil, nil),
            (0, 1, 50.0, nil),  // typed starting values: form is meaningful at once
        ])
    func building(day: Int, workouts: Int, typed: Double?, shown: Int?) {
        let r = ReadinessMetric().evaluate(Self.input(day: day, workouts: workouts, typed: typed))
        if let shown {
            #expect(r.status == .insufficientData)
            #expect(r.score == nil)
            #expect(r.reason?.hasPrefix("building baseline, \(shown) of 14 days") == true)
        } else {
            #expect(r.status == .ok)
        }
        var settings = PMCSettings()
        settings.startCtl = typed
        settings.startAtl = typed
        #expect(
            ReadinessMetric.buildingDays(
                Self.d0.adding(days: day), historyStart: Self.d0, settings) == shown)
    }

    @Test(
        "the first weeks' chart from 0: CTL = 60·(1 − e^(−n/42)), ATL = 60·(1 − e^(−n/7))",
        arguments: [
            // (days of 60 TSS, CTL, ATL, form going into the next day = CTL − ATL)
            (1, 1.411699, 7.987326, -6.575627), (7, 9.211097, 37.927234, -28.716137),
            (14, 17.008121, 51.879883, -34.871762),
        ])
    func firstWeeks(days n: Int, ctl: Double, atl: Double, form: Double) {
        let r = TrainingLoadMetric().evaluate(Self.input(day: n - 1, workouts: n))
        #expect(abs((r.number("ctl") ?? 0) - ctl) < 1e-6)
        #expect(abs((r.number("atl") ?? 0) - atl) < 1e-6)
        #expect(abs((r.number("tsb_after") ?? 0) - form) < 1e-6)
    }

    @Test("the readiness series of a report has no point while building, then the day's score")
    func dailyScores() {
        let input = Self.input(day: 20, workouts: 21)
        let points = ReadinessMetric.dailyScores(input)
        #expect(points.count == 21)
        #expect(points.prefix(13).allSatisfy { $0.value == nil })
        for p in points.dropFirst(13) {
            let d = p.day.ordinal - Self.d0.ordinal
            let alone = ReadinessMetric().evaluate(Self.input(day: d, workouts: d + 1))
            #expect(p.value == alone.score.map(Double.init), "\(p.day)")
        }
    }
}
