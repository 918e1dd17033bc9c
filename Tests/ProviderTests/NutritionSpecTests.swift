import CoachKit
import Foundation
import NutritionPlugin
import Testing

/// Issue 12, item 9: the day in progress is reported "so far" and does not drag the score; the
/// score and the energy-availability flag never contradict.
@Suite struct NutritionSpecTests {
    let provider = NutritionMetric()
    static let d = Fx.day("2026-05-20")
    /// 70 kg, 175 cm, 30-year-old man, sedentary: target 1648.75 · 1.2 = 1978.5 kcal, protein 112 g.
    static func athlete(bodyFat: Double? = nil) -> AthleteContext {
        var a = AthleteContext(
            sex: .male, ageYears: 30, heightCm: 175, weightKg: 70, bodyFatPct: bodyFat)
        a.nutrition.activityLevel = .sedentary
        return a
    }

    static func food(_ day: LocalDay, _ kcal: Double, _ protein: Double, hour: Double = 12)
        -> FoodEntry
    {
        var f = FoodEntry(id: "f-\(day)-\(hour)", time: Fx.at(day, hour: hour), kcal: kcal)
        f.proteinG = protein
        return f
    }

    @Test(
        "item 9: breakfast is 'so far' until the day is over",
        arguments: [
            // (now: hour of d or nil for the finished day, score, days_logged)
            // finished: (3 · 100 + 100 · (0.6 · 400/1978.5 + 0.4 · 20/112)) / 4 = 79.82 ⇒ 80
            (8.0 as Double?, 100, 3.0), (nil, 80, 4.0),
        ])
    func dayInProgress(now: Double?, score: Int, logged: Double) {
        var input = Fx.input(Self.d, athlete: Self.athlete()) { i in
            i.food = (1...3).map { Self.food(Self.d.adding(days: -$0), 1978.5, 112) }
            i.food.append(Self.food(Self.d, 400, 20, hour: 7.5))
        }
        if let h = now { input.now = Fx.at(Self.d, hour: h).date }
        let r = provider.evaluate(input)
        #expect(r.score == score)
        #expect(r.number("days_logged") == logged)
        #expect(r.number("kcal_today") == 400)
        #expect(r.explanation.contains("so far") == (now != nil))
    }

    @Test("item 9: a day logged eight days back still counts while today is in progress")
    func sevenCompleteDays() {
        var input = Fx.input(Self.d, athlete: Self.athlete()) { i in
            i.food = [7, 2, 1].map { Self.food(Self.d.adding(days: -$0), 1978.5, 112) }
        }
        #expect(provider.evaluate(input).status == .insufficientData)
        input.now = Fx.at(Self.d, hour: 9).date
        #expect(provider.evaluate(input).score == 100)
    }

    @Test(
        "item 9: low energy availability caps the score at 49",
        arguments: [
            // (workout kcal on d, EA = the mean over the 4 logged days of (1978.5 − workout) / 56
            // kg FFM (issue 29: a sustained mean, not one day), score, band)
            (0.0, 1978.5 / 56, 100, "On target"),
            (1300.0, (3 * 1978.5 + 678.5) / 4 / 56, 49, "Off target"),
        ])
    func availabilityCap(workout: Double, ea: Double, score: Int, band: String) {
        let r = provider.evaluate(
            Fx.input(Self.d, athlete: Self.athlete(bodyFat: 20)) { i in
                i.food = (0...3).map { Self.food(Self.d.adding(days: -$0), 1978.5, 112) }
                if workout > 0 {
                    i.workouts = [Fx.workout("ride", Fx.at(Self.d, hour: 7)) { $0.kcal = workout }]
                }
            })
        #expect(Fx.close(r.components.first { $0.name == "energy availability" }?.value, ea))
        #expect(r.score == score)
        #expect(r.band?.name == band)
        #expect(r.flags.contains("low_energy_availability") == (score == 49))
    }
}
