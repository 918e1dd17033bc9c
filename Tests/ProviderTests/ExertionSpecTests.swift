import CoachKit
import ExertionProvider
import Foundation
import Testing

/// Issue 12, item 7: in the first 28 days the chronic load is the mean over the days of history.
@Suite struct ExertionSpecTests {
    let provider = ExertionMetric()
    static let d = Fx.day("2026-08-31")

    @Test("item 7: the chronic mean divides by the days of history (n = min(28, days + 1))", arguments: [
        // (days of steady 300 AU, today's load, acute3, chronic3, score)
        (15, 300.0, 900.0, 900.0, 50) as (Int, Double, Double, Double, Int), // was 3·4500/28 = 482.1 ⇒ 93 "Very high"
        (28, 300.0, 900.0, 900.0, 50),
        (40, 300.0, 900.0, 900.0, 50),
        (15, 600.0, 1200.0, 960.0, 63),       // 3·(14·300 + 600)/15 = 960; 100·1200/1920 = 62.5
        (20, 0.0, 600.0, 855.0, 35),          // 3·19·300/20 = 855; 100·600/1710 = 35.09
    ])
    func firstWeeks(days: Int, today: Double, acute: Double, chronic: Double, score: Int) {
        let r = provider.evaluate(Fx.input(Self.d) { i in
            i.workouts = (0..<days).compactMap { ago in
                let load = ago == 0 ? today : 300
                guard load > 0 else { return nil }
                return Fx.workout("w\(ago)", Fx.at(Self.d.adding(days: -ago), hour: 7), .running) {
                    $0.rpe = 5; $0.elapsedS = load / 5 * 60
                }
            }
        })
        #expect(r.status == .ok)
        #expect(Fx.close(r.number("acute3"), acute))
        #expect(Fx.close(r.number("chronic3"), chronic))
        #expect(r.score == score)
    }
}
