import CoachKit
import Foundation
import Testing
import TrainingLoadPlugin

/// Issue 29, item 5: `sustained_overreaching` after 14 days in a row with form under −10, or 3 in
/// a row under −30 (Friel's form zones).
@Suite struct OverreachingTests {
    static let first = Fx.day("2026-03-01")

    @Test(
        "runs count consecutive days and restart at 0; the flag needs 14 under −10 or 3 under −30",
        arguments: [
            // (form going into each day, runs under −10 and −30 after the last, flagged)
            ([-20.0], 1, 0, false),
            ([-31.0, -31, -31], 3, 3, true),
            ([-31.0, -29, -31], 3, 1, false),  // −29 breaks the −30 run
            ([-31.0, -31, -10], 0, 0, false),  // exactly −10 is not under it
            (Array(repeating: -11.0, count: 13), 13, 0, false),
            (Array(repeating: -11.0, count: 14), 14, 0, true),
            (Array(repeating: -11.0, count: 13) + [-9], 0, 0, false),
        ])
    func runs(forms: [Double], below10: Int, below30: Int, flagged: Bool) {
        let runs = forms.reduce(FormRuns.zero) { $0.adding(tsb: $1) }
        #expect(runs == FormRuns(below10: below10, below30: below30))
        #expect(runs.sustained == flagged)
    }

    @Test(
        "hand-computed chart: seeds CTL 50 and ATL a, daily TSS a ⇒ form −(a − 50)·e^(−(n − 1)/42)",
        arguments: [
            // (ATL seed and daily TSS, day n, form of day n, run under −10, under −30, flagged)
            (100.0, 1, -50.0, 1, 1, false),
            (100.0, 2, -48.823584, 2, 2, false),
            (100.0, 3, -47.674848, 3, 3, true),  // three days in the high-risk zone
            (65.0, 13, -11.272159, 13, 0, false),
            (65.0, 14, -11.006944, 14, 0, true),  // two weeks under −10
            (65.0, 18, -10.007035, 18, 0, true),
            (65.0, 19, -9.771586, 0, 0, false),  // back above −10: the run ends
        ])
    func chart(atl: Double, day n: Int, form: Double, below10: Int, below30: Int, flagged: Bool) {
        var athlete = AthleteContext()
        athlete.pmc.startCtl = 50
        athlete.pmc.startAtl = atl
        let d = Self.first.adding(days: n - 1)
        let r = TrainingLoadMetric().evaluate(
            Fx.input(d, athlete: athlete) { i in
                i.workouts = (0..<n).map { Fx.tssWorkout(Self.first.adding(days: $0), atl) }
            })
        #expect(abs((r.number("tsb") ?? 0) - form) < 1e-6)
        #expect(r.number("days_tsb_below_10") == Double(below10))
        #expect(r.number("days_tsb_below_30") == Double(below30))
        #expect(r.flags == (flagged ? ["sustained_overreaching"] : []))
        #expect(r.explanation.contains("Sustained overreaching") == flagged)
    }

    @Test(
        "a run that spans a carried state's day counts the same as a walk over the whole history",
        arguments: [7, 8])
    func carried(stateDay: Int) throws {
        // Seeds CTL 50, ATL 65, daily TSS 65: form under −10 on days 1–18 (above), so day 16
        // has a run of 16 and the flag, whichever day the state was carried to.
        var athlete = AthleteContext()
        athlete.pmc.startCtl = 50
        athlete.pmc.startAtl = 65
        let s = Self.first.adding(days: stateDay - 1)
        let d = Self.first.adding(days: 15)
        let all = (0..<16).map { Fx.tssWorkout(Self.first.adding(days: $0), 65) }
        let provider = TrainingLoadMetric()
        let upToS = Fx.input(s, athlete: athlete) {
            $0.workouts = all.filter { $0.start.day(in: .gmt) <= s }
        }
        let state = try #require(try provider.carry(upToS))
        let windowed = Fx.input(d, athlete: athlete) { i in
            i.workouts = all.filter { $0.start.day(in: .gmt) > s.adding(days: -PMCState.lookBack) }
            i.carried = CarriedState(asOf: s, states: ["training-load": state])
        }
        let whole = provider.evaluate(Fx.input(d, athlete: athlete) { $0.workouts = all })
        let part = provider.evaluate(windowed)
        #expect(whole.number("days_tsb_below_10") == 16)
        #expect(part.number("days_tsb_below_10") == 16)
        #expect(part.flags == ["sustained_overreaching"])
        #expect(abs((part.number("tsb") ?? 0) - (whole.number("tsb") ?? 1)) < 1e-9)
    }
}
