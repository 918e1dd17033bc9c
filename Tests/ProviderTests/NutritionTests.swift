import CoachKit
import Foundation
import NutritionPlugin
import Testing

@Suite struct NutritionTests {
    let provider = NutritionMetric()
    static let d = Fx.day("2026-05-20")

    static func athlete(
        _ sex: Sex? = .male, weight: Double? = 70, bodyFat: Double? = nil,
        _ configure: (inout NutritionSettings) -> Void = { _ in }
    ) -> AthleteContext {
        var a = AthleteContext(
            sex: sex, ageYears: 30, heightCm: 175, weightKg: weight, bodyFatPct: bodyFat)
        configure(&a.nutrition)
        return a
    }

    static func food(_ day: LocalDay, kcal: Double, protein: Double?, hour: Double = 12)
        -> FoodEntry
    {
        var f = FoodEntry(id: "f-\(day)-\(hour)", time: Fx.at(day, hour: hour), kcal: kcal)
        f.proteinG = protein
        return f
    }

    @Test(
        "Mifflin-St Jeor by sex",
        arguments: [(Sex.male, 1648.75), (.female, 1482.75), (.other, 1565.75)])
    func mifflin(sex: Sex, bmr: Double) {
        #expect(EnergyTargets.mifflinStJeor(kg: 70, cm: 175, age: 30, sex: sex) == bmr)
    }

    @Test("Katch-McArdle when chosen and body fat is known, else Mifflin")
    func katch() throws {
        #expect(Fx.close(EnergyTargets.katchMcArdle(kg: 70, bodyFatFraction: 0.2), 1579.6))
        let chosen = try EnergyTargets.make(
            athlete: Self.athlete { $0.bmrFormula = .katch }, weightKg: 70,
            bodyFatPct: 20, workoutKcal: 0
        ).get()
        #expect(chosen.formula == .katch)
        #expect(Fx.close(chosen.bmr, 1579.6))
        let unknown = try EnergyTargets.make(
            athlete: Self.athlete { $0.bmrFormula = .katch }, weightKg: 70,
            bodyFatPct: nil, workoutKcal: 0
        ).get()
        #expect(unknown.formula == .mifflin)
    }

    @Test(
        "static target = BMR x activity multiplier + goal; protein by goal",
        arguments: [
            (
                NutritionSettings.ActivityLevel.sedentary, NutritionSettings.Goal.maintain, 0.0,
                1648.75 * 1.2, 112.0
            ),
            (.moderate, .lose, -0.5, 1648.75 * 1.55 - 550, 140.0),
            (.very, .gain, 0.25, 1648.75 * 1.725 + 275, 126.0),
            (.extreme, .muscle, 0.0, 1648.75 * 1.9, 140.0),
            (.light, .maintain, 0.0, 1648.75 * 1.375, 112.0),
        ])
    func staticTargets(
        level: NutritionSettings.ActivityLevel, goal: NutritionSettings.Goal, weekly: Double,
        kcal: Double, protein: Double
    ) throws {
        let a = Self.athlete {
            $0.activityLevel = level; $0.goal = goal; $0.weeklyChangeKg = weekly
        }
        let t = try EnergyTargets.make(athlete: a, weightKg: 70, bodyFatPct: nil, workoutKcal: 500)
            .get()
        #expect(Fx.close(t.kcalTarget, kcal))
        #expect(Fx.close(t.proteinTarget, protein))
        #expect(Fx.close(t.tdee, kcal - weekly * 1100))
    }

    @Test("training mode: BMR x 1.2 plus the day's workout energy plus the goal")
    func trainingMode() throws {
        let a = Self.athlete {
            $0.targetMode = .training; $0.weeklyChangeKg = -0.5
        }
        let t = try EnergyTargets.make(athlete: a, weightKg: 70, bodyFatPct: nil, workoutKcal: 800)
            .get()
        #expect(Fx.close(t.tdee, 1648.75 * 1.2 + 800))
        #expect(Fx.close(t.kcalTarget, 1648.75 * 1.2 + 800 - 550))
    }

    @Test(
        "the safety floor holds the target and raises target_floor",
        arguments: [
            (Sex.male, 1500.0), (.female, 1200.0), (.other, 1350.0),
        ])
    func floor(sex: Sex, floor: Double) {
        let a = Self.athlete(sex, weight: 45) {
            $0.activityLevel = .sedentary; $0.weeklyChangeKg = -1; $0.goal = .lose
        }
        let input = Fx.input(Self.d, athlete: a) { i in
            i.food = (0..<3).map { Self.food(Self.d.adding(days: -$0), kcal: floor, protein: 90) }
        }
        let r = provider.evaluate(input)
        #expect(r.number("kcal_target") == floor)
        #expect(r.flags.contains("target_floor"))
        #expect(r.score == 100)
    }

    @Test(
        "day score = 100 (0.6 energy closeness + 0.4 protein share)",
        arguments: [
            (2000.0, 112.0, 100.0), (1000.0, 112.0, 70.0), (2000.0, 56.0, 80.0), (0.0, 0.0, 0.0),
            (4500.0, 200.0, 40.0),
        ])
    func dayScore(kcal: Double, protein: Double, expected: Double) throws {
        var t = try EnergyTargets.make(
            athlete: Self.athlete(), weightKg: 70, bodyFatPct: nil, workoutKcal: 0
        ).get()
        t.kcalTarget = 2000
        #expect(Fx.close(t.dayScore(kcal: kcal, protein: protein), expected))
    }

    @Test("needs food on 3 of the last 7 days", arguments: [(2, false), (3, true)])
    func threeDays(days: Int, ok: Bool) {
        let r = provider.evaluate(
            Fx.input(Self.d, athlete: Self.athlete()) { i in
                i.food = (0..<days).map {
                    Self.food(Self.d.adding(days: -2 * $0), kcal: 2000, protein: 100)
                }
                i.food.append(Self.food(Self.d.adding(days: -7), kcal: 2000, protein: 100))
            })
        #expect((r.status == .ok) == ok)
        #expect(r.number("days_logged") == Double(days))
        if !ok { #expect(r.reason == "food logged on 2 of the last 7 days (needs 3)") }
    }

    @Test("each day is scored against its own targets; score is their mean")
    func ownTargets() {
        let a = Self.athlete { $0.activityLevel = .sedentary }
        let r = provider.evaluate(
            Fx.input(Self.d, athlete: a) { i in
                i.weight = [
                    WeightEntry(id: "w1", time: Fx.at(Self.d.adding(days: -1), hour: 7), kg: 80)
                ]
                i.food = [
                    Self.food(Self.d.adding(days: -2), kcal: 1978.5, protein: 112),
                    Self.food(Self.d.adding(days: -1), kcal: 2098.5, protein: 128),
                    Self.food(Self.d, kcal: 2098.5, protein: 64),
                ]
            })
        // d-2 uses 70 kg (profile): target 1978.5, protein 112; d-1 and d use 80 kg: 2098.5 and 128.
        #expect(Fx.close(r.number("kcal_target"), 2098.5))
        #expect(Fx.close(r.number("protein_target"), 128))
        #expect(Fx.close(r.number("kcal_today"), 2098.5))
        #expect(Fx.close(r.number("protein_today"), 64))
        #expect(r.score == MetricMath.round((100 + 100 + 80) / 3))
    }

    @Test("no food today leaves kcal_today null but still scores the week")
    func nothingToday() {
        let r = provider.evaluate(
            Fx.input(Self.d, athlete: Self.athlete()) { i in
                i.food = (1...3).map {
                    Self.food(Self.d.adding(days: -$0), kcal: 2000, protein: 100)
                }
            })
        #expect(r.status == .ok)
        #expect(r.values["kcal_today"] == .null)
        #expect(r.explanation.contains("Nothing logged today"))
    }

    @Test("missing height or age is insufficient data naming what is missing")
    func missingProfile() {
        var a = Self.athlete()
        a.heightCm = nil
        let r = provider.evaluate(Fx.input(Self.d, athlete: a))
        #expect(r.status == .insufficientData)
        #expect(r.reason == "the profile lacks height for the BMR")
        let noWeight = provider.evaluate(Fx.input(Self.d, athlete: Self.athlete(weight: nil)))
        #expect(noWeight.reason == "no weight logged and none in the profile")
    }

    @Test("workout energy: logged kcal, else power work in kJ, else average power x time; never NP")
    func workoutEnergy() {
        let start = Fx.at(Self.d, hour: 7)
        #expect(
            WorkoutEnergy.kcal(
                Fx.workout("a", start) {
                    $0.kcal = 900; $0.avgPowerW = 300; $0.elapsedS = 3600
                }) == 900)
        #expect(
            Fx.close(
                WorkoutEnergy.kcal(
                    Fx.workout("b", start) {
                        $0.elapsedS = 3600; $0.avgPowerW = 100;
                        $0.samples = .init(powerW: Array(repeating: 200, count: 1800))
                    }), 360))
        #expect(
            WorkoutEnergy.kcal(
                Fx.workout("c", start) {
                    $0.avgPowerW = 200; $0.elapsedS = 3600; $0.npW = 250
                }) == 720)
        #expect(
            WorkoutEnergy.kcal(
                Fx.workout("d", start) {
                    $0.npW = 250; $0.elapsedS = 3600
                }) == 0)
    }

    @Test("energy availability under 30 kcal/kg FFM over the logged days is flagged")
    func energyAvailability() {
        let a = Self.athlete(bodyFat: 20)
        let r = provider.evaluate(
            Fx.input(Self.d, athlete: a) { i in
                i.food = (0..<3).map {
                    Self.food(Self.d.adding(days: -$0), kcal: 2400, protein: 112)
                }
                i.workouts = (0..<3).map { k in
                    Fx.workout("ride\(k)", Fx.at(Self.d.adding(days: -k), hour: 7)) {
                        $0.kcal = 1000
                    }
                }
            })
        // (2400 - 1000) / (70 * 0.8) = 25 on each of the three days (issue 29: the mean of the
        // logged days; one such day among well-fed ones is no longer flagged, see
        // EnergyAvailabilityTests)
        #expect(Fx.close(r.components.first { $0.name == "energy availability" }?.value, 25))
        #expect(r.flags.contains("low_energy_availability"))
        // The latest logged body fat wins over the profile.
        let lean = provider.evaluate(
            Fx.input(Self.d, athlete: a) { i in
                i.food = (0..<3).map {
                    Self.food(Self.d.adding(days: -$0), kcal: 2400, protein: 112)
                }
                i.weight = [
                    WeightEntry(id: "w", time: Fx.at(Self.d, hour: 6), kg: 70, bodyFatPct: 60)
                ]
            })
        // Day d reads FFM 28 kg (60 % logged), the two days before it 56 kg (the profile's 20 %).
        let leanEA: Double = (2400.0 / 28 + 2 * 2400.0 / 56) / 3
        #expect(Fx.close(lean.components.first { $0.name == "energy availability" }?.value, leanEA))
        #expect(!lean.flags.contains("low_energy_availability"))
    }
}
