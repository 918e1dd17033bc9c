import CoachKit
import Foundation
import ReadinessPlugin
import Testing
import TrainingLoadPlugin

/// Issue 29, item 4: until a chart started at 0 has settled (two CTL time constants, 84 days),
/// readiness says so instead of a default dressed as data and overreaching is not flagged; typed
/// starting values need no settling.
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
        "readiness builds for 84 days of history unless starting CTL and ATL are typed",
        arguments: [
            // (day after the first workout, workouts, typed start, days shown or nil when scored)
            (0, 1, nil as Double?, 1 as Int?),  // the lone workout that read "50 Tempo/Sweetspot"
            (5, 6, nil, 6),  // six workouts: it read "81 Race/Peak"
            (82, 83, nil, 83), (83, 84, nil, nil), (90, 84, nil, nil),
            (0, 1, 50.0, nil),  // typed starting values: form is meaningful at once
            (5, 6, 50.0, nil),
        ])
    func building(day: Int, workouts: Int, typed: Double?, shown: Int?) {
        let r = ReadinessMetric().evaluate(Self.input(day: day, workouts: workouts, typed: typed))
        if let shown {
            #expect(r.status == .insufficientData)
            #expect(r.score == nil)
            #expect(r.reason?.hasPrefix("building baseline, \(shown) of 84 days") == true)
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
        let input = Self.input(day: 90, workouts: 91)
        let points = ReadinessMetric.dailyScores(input)
        #expect(points.count == 91)
        #expect(points.prefix(83).allSatisfy { $0.value == nil })
        #expect(points.dropFirst(83).allSatisfy { $0.value != nil })
        for p in points.dropFirst(80) {
            let d = p.day.ordinal - Self.d0.ordinal
            let alone = ReadinessMetric().evaluate(Self.input(day: d, workouts: d + 1))
            #expect(p.value == alone.score.map(Double.init), "\(p.day)")
        }
    }
}

/// Issue 29, items 4 and 5: a chart climbing from 0 reads a steady athlete as deep in negative
/// form for weeks, so `sustained_overreaching` waits until the chart has settled.
@Suite struct SettlingOverreachingTests {
    @Test(
        "60 TSS a day from 0: form under −10 for months, flagged only from day 84 and while typed",
        arguments: [
            // (day n, typed start, days under −10, flagged): form going into day n is
            // 60·(e^(−(n−1)/7) − e^(−(n−1)/42)): under −10 from day 3 (−12.12) to day 76
            // (−10.06); day 30 −29.13, day 77 −9.82. Without the wait, days 16–76 were flagged.
            (30, nil as Double?, 28, false), (76, nil, 74, false), (84, nil, 0, false),
            (20, 50.0, 0, false),
        ])
    func settling(day n: Int, typed: Double?, below10: Int, flagged: Bool) {
        let r = TrainingLoadMetric().evaluate(
            BuildingBaselineTests.input(day: n - 1, workouts: n, typed: typed))
        #expect(r.number("days_tsb_below_10") == Double(below10))
        #expect(r.flags.contains("sustained_overreaching") == flagged)
    }
}
