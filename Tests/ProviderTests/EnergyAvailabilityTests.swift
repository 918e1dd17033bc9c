import CoachKit
import Foundation
import NutritionPlugin
import Testing

/// Issue 29 item 6: energy availability is a sustained mean over the scored days, each day net of
/// its own workouts, and a check that cannot run says why.
@Suite struct EnergyAvailabilityTests {
    let provider = NutritionMetric()
    static let d = Fx.day("2026-05-23")

    /// 70 kg, 175 cm, 30-year-old man; `bodyFat` 20 % gives 56 kg fat-free mass.
    static func athlete(bodyFat: Double?) -> AthleteContext {
        AthleteContext(sex: .male, ageYears: 30, heightCm: 175, weightKg: 70, bodyFatPct: bodyFat)
    }

    /// Food (kcal, 120 g protein) and a workout (kcal) on the days d-(n-1) ... d, oldest first.
    static func input(kcal: [Double], workouts: [Double], bodyFat: Double?) -> MetricInput {
        Fx.input(d, athlete: athlete(bodyFat: bodyFat)) { i in
            let n = kcal.count
            for (k, eaten) in kcal.enumerated() {
                let day = d.adding(days: k - (n - 1))
                var f = FoodEntry(id: "f\(k)", time: Fx.at(day, hour: 12), kcal: eaten)
                f.proteinG = 120
                i.food.append(f)
                if workouts[k] > 0 {
                    i.workouts.append(
                        Fx.workout("w\(k)", Fx.at(day, hour: 7)) { $0.kcal = workouts[k] })
                }
            }
        }
    }

    @Test(
        "the mean over the logged days, each net of its own workouts; under 30 is low",
        arguments: [
            // A long-ride Saturday eaten back: 859/56, 2400/56, 2400/56 = 15.34, 42.86, 42.86;
            // mean 5659/168 = 33.68, not low (judged alone, the ride day read 15.3 and flagged).
            ([2859.0, 2400, 2400], [2000.0, 0, 0], 5659.0 / 168, false),
            // A week of rides not eaten back: 1500/56 = 26.79 on every day.
            (
                [2000, 2000, 2000, 2000, 2000, 2000, 2000], [500, 500, 500, 500, 500, 500, 500],
                1500.0 / 56, true
            ),
            // Exactly 30: 1680/56.
            ([1680, 1680, 1680], [0, 0, 0], 30, false),
            // Two heavy days and one rest day: (500 + 500 + 1800) / 56 / 3 = 16.67.
            ([2500, 2500, 1800], [2000, 2000, 0], 2800.0 / 168, true),
        ] as [([Double], [Double], Double, Bool)])
    func mean(kcal: [Double], workouts: [Double], expected: Double, low: Bool) {
        let r = provider.evaluate(Self.input(kcal: kcal, workouts: workouts, bodyFat: 20))
        let ea = r.components.first { $0.name == "energy availability" }
        #expect(Fx.close(ea?.value, expected))
        #expect(Fx.close(r.number("energy_availability"), expected))
        #expect(r.flags.contains("low_energy_availability") == low)
        #expect((r.score ?? 0) <= 49 || !low)
    }

    @Test(
        "a check that cannot run says so and why",
        arguments: [
            (
                3, nil as Double?, false,
                "no body fat logged or in the profile, so fat-free mass is unknown"
            ),
            (2, 20, false, "food logged on 2 of the 7 days (needs 3)"),
            (3, nil, true, "fat-free mass known on 1 of the 3 days with food (needs 3)"),
        ] as [(Int, Double?, Bool, String)])
    func notChecked(days: Int, bodyFat: Double?, bodyFatToday: Bool, reason: String) {
        var input = Self.input(
            kcal: Array(repeating: 1500, count: days), workouts: Array(repeating: 0, count: days),
            bodyFat: bodyFat)
        if bodyFatToday {
            input.weight = [
                WeightEntry(id: "w", time: Fx.at(Self.d, hour: 6), kg: 70, bodyFatPct: 20)
            ]
        }
        let r = provider.evaluate(input)
        let ea = r.components.first { $0.name == "energy availability" }
        #expect(ea?.value == nil)
        #expect(ea?.note == "not checked: \(reason)")
        #expect(r.number("energy_availability") == nil)
        #expect(!r.flags.contains("low_energy_availability"))
        if r.status == .ok { #expect(r.explanation.contains("Energy availability not checked")) }
    }
}
