import CoachKit
import ExertionPlugin
import Foundation
import Testing

/// Issue 12, item 7: in the first 28 days the chronic load is the mean over the days of history.
@Suite struct ExertionSpecTests {
    let provider = ExertionMetric()
    static let d = Fx.day("2026-08-31")

    @Test(
        "item 7: the chronic mean divides by the days of history (n = min(28, days + 1))",
        arguments: [
            // (days of steady 300 AU, today's load, acute3, chronic3, score)
            // was 3·4500/28 = 482.1 ⇒ 93 "Very high"
            (15, 300.0, 900.0, 900.0, 50) as (Int, Double, Double, Double, Int),
            (28, 300.0, 900.0, 900.0, 50),
            (40, 300.0, 900.0, 900.0, 50),
            (15, 600.0, 1200.0, 960.0, 63),  // 3·(14·300 + 600)/15 = 960; 100·1200/1920 = 62.5
            (20, 0.0, 600.0, 855.0, 35),  // 3·19·300/20 = 855; 100·600/1710 = 35.09
        ])
    func firstWeeks(days: Int, today: Double, acute: Double, chronic: Double, score: Int) {
        let r = provider.evaluate(
            Fx.input(Self.d) { i in
                i.workouts = (0..<days).compactMap { ago in
                    let load = ago == 0 ? today : 300
                    guard load > 0 else { return nil }
                    return Fx.workout(
                        "w\(ago)", Fx.at(Self.d.adding(days: -ago), hour: 7), .running
                    ) {
                        $0.rpe = 5; $0.elapsedS = load / 5 * 60
                    }
                }
            })
        #expect(r.status == .ok)
        #expect(Fx.close(r.number("acute3"), acute))
        #expect(Fx.close(r.number("chronic3"), chronic))
        #expect(r.score == score)
    }

    /// Daily loads, index 0 = today, from a list of (days, load per day) runs, oldest first.
    static func history(_ runs: [(days: Int, load: Double)]) -> MetricInput {
        let loads =
            runs.flatMap { Array(repeating: $0.load, count: $0.days) }.reversed() as [Double]
        return Fx.input(d) { i in
            i.workouts = loads.enumerated().compactMap { ago, load in
                guard load > 0 else { return nil }
                return Fx.workout("w\(ago)", Fx.at(d.adding(days: -ago), hour: 7), .running) {
                    $0.rpe = 5; $0.elapsedS = load / 5 * 60
                }
            }
        }
    }

    @Test(
        "item 8: detraining = the last 21 days average under half of the 28 before",
        arguments: [
            // (runs oldest first, flagged): hand-computed recent / reference daily means
            ([(60, 300.0)], false),  // steady: 300 / 300
            ([(48, 300.0), (1, 0)], false),  // a rest day: 6000/21 / 300 = 0.95
            // 2-week taper at 40 %: (7·300 + 14·120)/21 / 300 = 0.6
            ([(42, 300.0), (14, 120)], false),
            ([(35, 300.0), (21, 120)], true),  // 3 weeks at 40 %: 120 / 300 = 0.4
            ([(40, 300.0), (12, 0)], true),  // 12 days off: 9·300/21 / 300 = 0.43
            ([(40, 300.0), (10, 0)], false),  // 10 days off: 11/21 = 0.52
            ([(27, 300.0)], false),  // first weeks: 6 reference days (needs 7)
        ])
    func detraining(runs: [(days: Int, load: Double)], flagged: Bool) {
        let r = provider.evaluate(Self.history(runs))
        #expect(r.status == .ok)
        #expect(r.flags.contains("detraining") == flagged)
    }

    @Test(
        "item 8: a six-day week with rest Sundays never flags, whatever the weekday",
        arguments: 0..<7)
    func restSundays(shift: Int) {
        let runs = (0..<70).map { k in (days: 1, load: (k + shift) % 7 == 6 ? 0.0 : 350.0) }
        #expect(!provider.evaluate(Self.history(runs)).flags.contains("detraining"))
    }
}
