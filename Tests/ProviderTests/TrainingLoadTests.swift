import CoachKit
import Foundation
import Testing
import TrainingLoadPlugin

@Suite struct TrainingLoadTests {
    let provider = TrainingLoadMetric()
    static let d0 = Fx.day("2026-03-02")

    @Test("check: CTL = ATL = 50 and a 100 TSS day give CTL 51.1764, ATL 56.6561")
    func pmcCheck() {
        let s = PerformanceChart.step(ctl: 50, atl: 50, tss: 100)
        #expect(abs(s.ctl - 51.1764) < 5e-5)
        #expect(abs(s.atl - 56.6561) < 5e-5)
    }

    @Test("the linear model moves 1/42 and 1/7 of the gap")
    func linearModel() {
        var settings = PMCSettings()
        settings.model = .linear
        let s = PerformanceChart.step(ctl: 50, atl: 50, tss: 100, settings: settings)
        #expect(Fx.close(s.ctl, 50 + 50.0 / 42))
        #expect(Fx.close(s.atl, 50 + 50.0 / 7))
    }

    @Test("the same check through the provider, with starting CTL/ATL from the profile")
    func pmcCheckThroughProvider() {
        var athlete = AthleteContext()
        athlete.pmc.startCtl = 50
        athlete.pmc.startAtl = 50
        let r = provider.evaluate(
            Fx.input(Self.d0, athlete: athlete) { $0.workouts = [Fx.tssWorkout(Self.d0, 100)] })
        #expect(r.status == .ok)
        #expect(abs(r.number("ctl")! - 51.1764) < 5e-5)
        #expect(abs(r.number("atl")! - 56.6561) < 5e-5)
        #expect(r.number("tsb") == 0)
        #expect(Fx.close(r.number("tsb_after"), r.number("ctl")! - r.number("atl")!))
        #expect(r.score == 51)
        #expect(r.band?.name == "Trained")
    }

    @Test("no workouts is insufficient data, not a zero")
    func noData() {
        let r = provider.evaluate(Fx.input(Self.d0))
        #expect(r.status == .insufficientData)
        #expect(r.score == nil)
        #expect(r.values["ctl"] == .null)
        #expect(r.reason?.contains("no workouts") == true)
        // Workouts after the day do not count either.
        let later = provider.evaluate(
            Fx.input(Self.d0) { $0.workouts = [Fx.tssWorkout(Self.d0.adding(days: 1), 80)] })
        #expect(later.status == .insufficientData)
    }

    @Test("one day of data: CTL and ATL start at 0 (TrainingPeaks), issue 29")
    func oneDay() {
        let r = provider.evaluate(Fx.input(Self.d0) { $0.workouts = [Fx.tssWorkout(Self.d0, 70)] })
        let seed = 0.0
        let expected = PerformanceChart.step(ctl: seed, atl: seed, tss: 70)
        // 70 · (1 − e^(−1/42)) = 1.646982 and 70 · (1 − e^(−1/7)) = 9.318547.
        #expect(abs(expected.ctl - 1.646982) < 1e-6 && abs(expected.atl - 9.318547) < 1e-6)
        #expect(Fx.close(r.number("ctl"), expected.ctl))
        #expect(Fx.close(r.number("atl"), expected.atl))
        #expect(r.number("tsb") == 0)
        #expect(r.number("tss") == 70)
        #expect(Fx.close(r.number("ramp"), expected.ctl - seed))
    }

    @Test("rest days are iterated, so load decays")
    func restDaysDecay() {
        let workouts = [Fx.tssWorkout(Self.d0, 100), Fx.tssWorkout(Self.d0.adding(days: 1), 100)]
        var c = 0.0, a = 0.0
        var ctl: [Double] = []
        for i in 0..<20 {
            (c, a) = PerformanceChart.step(ctl: c, atl: a, tss: i < 2 ? 100 : 0)
            ctl.append(c)
            let r = provider.evaluate(Fx.input(Self.d0.adding(days: i)) { $0.workouts = workouts })
            #expect(Fx.close(r.number("ctl"), c))
            #expect(Fx.close(r.number("atl"), a))
        }
        #expect(ctl[19] < ctl[10])
        #expect(ctl[10] < ctl[2])
    }

    @Test(
        "issue 29: the first week's CTL no longer depends on the day it is seen from",
        arguments: [1, 3, 6])
    func noFakeRamp(day: Int) {
        // 70 TSS on each of the first 7 days. The seed (mean of the first week) drew CTL 16 → 62
        // as the week filled; from 0, the CTL of a day is the same whenever it is looked at.
        let workouts = (0..<7).map { Fx.tssWorkout(Self.d0.adding(days: $0), 70) }
        let d = Self.d0.adding(days: day)
        let early = provider.evaluate(
            Fx.input(d) { i in i.workouts = workouts.filter { $0.start.day(in: .gmt) <= d } })
        let late = provider.evaluate(Fx.input(Self.d0.adding(days: 6)) { $0.workouts = workouts })
        let c = 70 * (1 - exp(-Double(day + 1) / 42))  // CTL after day + 1 days of 70 from 0
        #expect(Fx.close(early.number("ctl"), c))
        #expect(Fx.close(late.series?["ctl"]?[day].value, c))
    }

    @Test("the first day of history is the first workout even without a TSS")
    func firstDayWithoutTSS() {
        let untracked = Fx.workout("x", Fx.at(Self.d0, hour: 9), .strength) { $0.elapsedS = 1800 }
        let r = provider.evaluate(
            Fx.input(Self.d0.adding(days: 3)) {
                $0.workouts = [untracked, Fx.tssWorkout(Self.d0.adding(days: 3), 70)]
            })
        // CTL starts at 0 before d0; days d0...d0+2 are 0.
        var c = 0.0
        for t in [0.0, 0, 0, 70] { c = PerformanceChart.step(ctl: c, atl: c, tss: t).ctl }
        #expect(Fx.close(r.number("ctl"), c))
        #expect(r.series?["ctl"]?.first?.day == Self.d0)
    }

    @Test(
        "form is lagged a day; ramp compares CTL with a week earlier, using the seed before history"
    )
    func formAndRamp() {
        let workouts = (0..<10).map {
            Fx.tssWorkout(Self.d0.adding(days: $0), Double(40 + 10 * $0))
        }
        let input = Fx.input(Self.d0.adding(days: 9)) { $0.workouts = workouts }
        let (_, chart) = PerformanceChart.build(from: input)!
        let r = provider.evaluate(input)
        let d = input.day
        #expect(
            Fx.close(
                r.number("tsb"),
                chart.ctl(after: d.adding(days: -1)) - chart.atl(after: d.adding(days: -1))))
        #expect(
            Fx.close(r.number("ramp"), chart.ctl(after: d) - chart.ctl(after: d.adding(days: -7))))
        let early = Self.d0.adding(days: 3)
        #expect(Fx.close(chart.ramp(on: early), chart.ctl(after: early) - chart.seedCTL))
        #expect(r.series?["tsb"]?.count == 10)
        #expect(r.series?["tsb"]?.last?.value == r.number("tsb"))
    }

    @Test(
        "daily TSS uses the athlete's local day across daylight-saving changes",
        arguments: [
            ("2026-03-29T00:30:00+01:00", "2026-03-29"),
            ("2026-03-29T23:30:00+02:00", "2026-03-29"),
            ("2026-03-28T23:30:00Z", "2026-03-29"), ("2026-10-25T23:59:00+01:00", "2026-10-25"),
            ("2026-10-24T23:30:00Z", "2026-10-25"), ("2026-10-25T02:30:00+01:00", "2026-10-25"),
        ])
    func dstDays(start: String, day: String) {
        let d = Fx.day(day)
        let w = Fx.workout("w", Fx.at(start)) { $0.tss = 90 }
        let r = provider.evaluate(Fx.input(d, zone: Fx.berlin) { $0.workouts = [w] })
        #expect(r.number("tss") == 90)
        let before = provider.evaluate(
            Fx.input(d.adding(days: -1), zone: Fx.berlin) { $0.workouts = [w] })
        #expect(before.status == .insufficientData)
    }

    @Test("PMC over three years of days is one linear pass")
    func longHistory() {
        let days = 3 * 365
        let daily: [Double] = (0..<days).map { i -> Double in i % 7 == 0 ? 0 : Double(60 + i % 40) }
        let load = DailyLoad(firstDay: Self.d0, tss: daily)
        let chart = PerformanceChart(load: load, settings: PMCSettings())
        var c = 0.0
        for t in daily { c = PerformanceChart.step(ctl: c, atl: c, tss: t).ctl }
        #expect(chart.ctl.count == days)
        #expect(Fx.close(chart.ctl.last, c))
    }

    @Test("components name each workout of the day with its TSS and method")
    func components() {
        let d = Self.d0
        var athlete = AthleteContext()
        athlete.thresholds.ftpW = 250
        let ride = Fx.workout("r", Fx.at(d, hour: 7)) {
            $0.title = "Threshold"; $0.elapsedS = 3600; $0.npW = 250
        }
        let lift = Fx.workout("l", Fx.at(d, hour: 18), .strength) {
            $0.rpe = 5; $0.elapsedS = 3600
        }
        let r = provider.evaluate(Fx.input(d, athlete: athlete) { $0.workouts = [lift, ride] })
        #expect(r.components.first?.name == "Threshold")
        #expect(r.components.first?.note.hasPrefix("power") == true)
        #expect(r.components[1].name == "strength")
        #expect(r.components[1].note.contains("estimated"))
        #expect(r.explanation.contains("TSS from 2 workouts"))
    }
}
