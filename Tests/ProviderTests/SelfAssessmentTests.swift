import CoachKit
import Foundation
import SelfAssessmentPlugin
import Testing

@Suite struct SelfAssessmentTests {
    let provider = SelfAssessmentMetric()
    static let d = Fx.day("2026-07-08")

    @Test(
        "day score from mood and soreness, or from whichever was logged",
        arguments: [
            (5, [MuscleGroup: Int](), 100.0),
            (1, [:], 0.0),
            (3, [.quads: 10], 100 * (0.5 * 0.5 + 0.5 * (1 - 0.37))),
            (nil, [.quads: 6, .hamstrings: 4], 100 * (1 - (0.7 * 1.0 + 0.3 * 6) / 10)),
            (4, [.chest: 0], 100 * (0.5 * 0.75 + 0.5)),
        ] as [(Int?, [MuscleGroup: Int], Double)])
    func dayScore(mood: Int?, doms: [MuscleGroup: Int], expected: Double) {
        #expect(Fx.close(DayAssessment(day: Self.d, mood: mood, doms: doms).score, expected))
    }

    @Test("soreness = 0.7 mean of the ten groups + 0.3 max")
    func soreness() {
        let a = DayAssessment(day: Self.d, doms: [.quads: 8, .calves: 2])
        #expect(Fx.close(a.soreness, 0.7 * 1.0 + 0.3 * 8))
        #expect(DayAssessment(day: Self.d, mood: 3).soreness == nil)
    }

    @Test("entries of one day merge field by field, later entries winning")
    func merge() {
        let merged = DayAssessment.merge([
            WellnessEntry(id: "1", day: Self.d, mood: 2, doms: [.quads: 6, .calves: 3]),
            WellnessEntry(id: "2", day: Self.d, doms: [.quads: 4]),
            WellnessEntry(id: "3", day: Self.d, mood: 4),
        ])[Self.d]!
        #expect(merged.mood == 4)
        #expect(merged.doms == [.quads: 4, .calves: 3])
    }

    @Test("worst group: ties go to the earlier group; none when all are 0")
    func worstGroup() {
        #expect(DayAssessment(day: Self.d, doms: [.quads: 5, .chest: 5]).worstGroup == .chest)
        #expect(DayAssessment(day: Self.d, doms: [.quads: 5, .calves: 7]).worstGroup == .calves)
        #expect(DayAssessment(day: Self.d, doms: [.quads: 0]).worstGroup == nil)
    }

    @Test("the week is weighted 7 for today down to 1 for six days ago")
    func weights() {
        let r = provider.evaluate(
            Fx.input(Self.d) {
                $0.wellness = [
                    WellnessEntry(id: "a", day: Self.d, mood: 5),
                    WellnessEntry(id: "b", day: Self.d.adding(days: -6), mood: 1),
                    WellnessEntry(id: "c", day: Self.d.adding(days: -7), mood: 1),
                ]
            })
        #expect(r.score == MetricMath.round(700.0 / 8))
        #expect(r.number("days_logged") == 2)
        #expect(r.components.map(\.weight) == [7, 1])
    }

    @Test("values: today's mood, soreness and worst group as text")
    func values() throws {
        let r = provider.evaluate(
            Fx.input(Self.d) {
                $0.wellness = [
                    WellnessEntry(id: "a", day: Self.d, mood: 3, doms: [.glutes: 7, .arms: 2])
                ]
            })
        #expect(r.number("mood_today") == 3)
        #expect(Fx.close(r.number("soreness_today"), 0.7 * 0.9 + 0.3 * 7))
        #expect(r.values["worst_group"] == "glutes")
        let json = String(decoding: try MetricResult.makeEncoder().encode(r), as: UTF8.self)
        #expect(json.contains("\"worst_group\":\"glutes\""))
    }

    @Test(
        "a session planned today or tomorrow on a group rated 6+ raises sore_group_planned",
        arguments: [
            (0, 6, true), (1, 6, true), (2, 6, false), (1, 5, false),
        ])
    func soreGroupPlanned(daysAhead: Int, doms: Int, flagged: Bool) {
        let r = provider.evaluate(
            Fx.input(Self.d) {
                $0.wellness = [WellnessEntry(id: "a", day: Self.d, mood: 3, doms: [.quads: doms])]
                $0.plan = [
                    Fx.session("legs", Self.d.adding(days: daysAhead)) {
                        $0.targets = [.glutes, .quads]
                    }
                ]
            })
        #expect(r.flags.contains("sore_group_planned") == flagged)
        if flagged { #expect(r.explanation.contains("targets quads, rated \(doms)/10 today")) }
    }

    @Test("nothing logged in the week is insufficient data")
    func noData() {
        let r = provider.evaluate(
            Fx.input(Self.d) { $0.wellness = [WellnessEntry(id: "x", day: Self.d, notes: "tired")] }
        )
        #expect(r.status == .insufficientData)
        #expect(r.values["worst_group"] == .null)
    }
}
