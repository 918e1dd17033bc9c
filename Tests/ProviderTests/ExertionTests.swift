import CoachKit
import ExertionPlugin
import Foundation
import Testing

@Suite struct ExertionTests {
    let provider = ExertionMetric()
    static let d = Fx.day("2026-08-31")

    /// Workouts of RPE `rpe` and `minutes` on the days `agos` days before `d`.
    static func input(_ loads: [(ago: Int, rpe: Int, minutes: Double)]) -> MetricInput {
        Fx.input(d) { i in
            i.workouts = loads.map { l in
                Fx.workout("w\(l.ago)-\(l.rpe)", Fx.at(d.adding(days: -l.ago), hour: 7), .running) {
                    $0.rpe = l.rpe; $0.elapsedS = l.minutes * 60
                }
            }
        }
    }

    @Test("steady load scores 50 with ACWR 1 and undefined monotony")
    func steady() {
        let r = provider.evaluate(Self.input((0..<30).map { ($0, 5, 60) }))
        #expect(r.status == .ok)
        #expect(r.number("acute3") == 900)
        #expect(Fx.close(r.number("chronic3"), 900))
        #expect(r.score == 50)
        #expect(r.number("load7") == 2100)
        #expect(r.values["monotony"] == .null)
        #expect(r.values["strain"] == .null)
        #expect(Fx.close(r.number("acwr"), 1))
        #expect(r.flags.isEmpty)
        #expect(r.band?.name == "Balanced")
    }

    @Test("needs 14 days since the first RPE workout", arguments: [(13, false), (14, true)])
    func fourteenDays(first: Int, ok: Bool) {
        let r = provider.evaluate(Self.input([(first, 6, 45), (0, 6, 45)]))
        #expect((r.status == .ok) == ok)
        #expect(r.flags.isEmpty || ok)
        if !ok { #expect(r.reason?.contains("13 days ago (needs 14)") == true) }
    }

    @Test("no chronic load scores 0, and a fading load flags detraining")
    func noChronic() {
        let r = provider.evaluate(Self.input([(40, 7, 60)]))
        #expect(r.number("chronic3") == 0)
        #expect(r.score == 0)
        #expect(r.flags == ["detraining"])
    }

    @Test("monotony = mean / population SD of the week; strain = load7 x monotony")
    func monotony() {
        let r = provider.evaluate(Self.input((0..<20).filter { $0 % 2 == 0 }.map { ($0, 5, 60) }))
        let week = [300.0, 0, 300, 0, 300, 0, 300]
        let m = MetricMath.mean(week)! / MetricMath.populationSD(week)!
        #expect(Fx.close(r.number("monotony"), m))
        #expect(Fx.close(r.number("strain"), 1200 * m))
    }

    @Test("a jump in load raises load_spike; the score clamps at 100")
    func spike() {
        let loads = (3..<40).map { ($0, 2, 50.0) } + (0..<3).map { ($0, 10, 120.0) }
        let r = provider.evaluate(Self.input(loads))
        var a = 100.0, c = 100.0
        for ago in (0..<39).reversed() {
            let l = ago < 3 ? 1200.0 : 100
            a = 0.25 * l + 0.75 * a
            c = 2.0 / 29 * l + (1 - 2.0 / 29) * c
        }
        #expect(Fx.close(r.number("acwr"), a / c))
        #expect(r.flags == ["load_spike"])
        #expect(r.score == 100)
    }

    @Test("score = 100 acute3 / (2 chronic3)")
    func scoreFormula() {
        let loads = (0..<28).map { ($0, 4, 50.0) } + [(0, 6, 30.0)]
        let r = provider.evaluate(Self.input(loads))
        let acute = 3 * 200.0 + 180, chronic = 3 * (28 * 200.0 + 180) / 28
        #expect(Fx.close(r.number("acute3"), acute))
        #expect(Fx.close(r.number("chronic3"), chronic))
        #expect(r.score == MetricMath.round(100 * acute / (2 * chronic)))
    }

    @Test("workouts without RPE are left out")
    func withoutRPE() {
        var input = Self.input((0..<20).map { ($0, 5, 60) })
        input.workouts.append(
            Fx.workout("no-rpe", Fx.at(Self.d, hour: 18)) {
                $0.elapsedS = 7200; $0.tss = 150
            })
        #expect(provider.evaluate(input).number("acute3") == 900)
        #expect(SessionLoad.load(of: input.workouts.last!) == nil)
    }

    @Test("no RPE workouts is insufficient data")
    func noData() {
        let r = provider.evaluate(Fx.input(Self.d))
        #expect(r.status == .insufficientData)
        #expect(
            r.values.keys.sorted() == ["acute3", "acwr", "chronic3", "load7", "monotony", "strain"])
    }
}
