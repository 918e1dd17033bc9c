import CoachKit
import Foundation

/// Daily energy and protein targets for one athlete on one day.
///
/// BMR by Mifflin–St Jeor (1990) — 10·kg + 6.25·cm − 5·age + s (s = +5 men, −161 women, −78 other) —
/// or by Katch–McArdle — 370 + 21.6 · lean kg — when the profile asks for it and body fat is known.
/// TDEE = BMR · activity multiplier (static mode) or BMR · 1.2 + the day's workout energy (training
/// mode). The target adds the goal's weekly change (7700 kcal per kg, spread over 7 days) and is
/// never below a safety floor (1500 men, 1200 women, 1350 other).
public struct EnergyTargets: Sendable, Equatable {
    /// The BMR formula used.
    public enum Formula: String, Sendable { case mifflin, katch }

    public var formula: Formula
    public var bmr: Double
    /// Energy expenditure before the goal adjustment and the floor.
    public var tdee: Double
    public var goalAdjustment: Double
    public var kcalTarget: Double
    /// Whether the target was raised to the safety floor.
    public var floored: Bool
    public var proteinTarget: Double
    public var weightKg: Double

    /// The targets, or a sentence naming what is missing.
    ///
    /// - Parameters:
    ///   - athlete: sex, age, height and nutrition settings.
    ///   - weightKg: the weight in force that day.
    ///   - bodyFatPct: the body fat in force that day, in percent.
    ///   - workoutKcal: the day's workout energy (used in training mode).
    public static func make(
        athlete: AthleteContext, weightKg: Double?, bodyFatPct: Double?,
        workoutKcal: Double
    ) -> Result<EnergyTargets, Missing> {
        guard let kg = weightKg, kg > 0 else {
            return .failure(Missing("no weight logged and none in the profile"))
        }
        let settings = athlete.nutrition
        let bmr: Double
        let formula: Formula
        if settings.bmrFormula == .katch, let bf = bodyFatPct, bf >= 0, bf < 100 {
            bmr = katchMcArdle(kg: kg, bodyFatFraction: bf / 100)
            formula = .katch
        } else {
            var missing: [String] = []
            if athlete.heightCm == nil { missing.append("height") }
            if athlete.ageYears == nil { missing.append("age (birth date)") }
            guard let cm = athlete.heightCm, let age = athlete.ageYears else {
                return .failure(
                    Missing("the profile lacks \(missing.joined(separator: " and ")) for the BMR"))
            }
            bmr = mifflinStJeor(kg: kg, cm: cm, age: age, sex: athlete.sex)
            formula = .mifflin
        }
        let tdee =
            settings.targetMode == .training
            ? bmr * 1.2 + workoutKcal : bmr * settings.activityLevel.multiplier
        let adjustment = settings.weeklyChangeKg * 7700 / 7
        let floor = safetyFloor(athlete.sex)
        let raw = tdee + adjustment
        return .success(
            EnergyTargets(
                formula: formula, bmr: bmr, tdee: tdee, goalAdjustment: adjustment,
                kcalTarget: max(raw, floor), floored: raw < floor,
                proteinTarget: kg * proteinPerKg(settings.goal), weightKg: kg))
    }

    /// Why targets could not be set.
    public struct Missing: Error, Equatable, Sendable {
        public let reason: String
        public init(_ reason: String) { self.reason = reason }
    }

    /// Mifflin–St Jeor BMR in kcal/day; unknown sex uses the constant for `other` (−78).
    public static func mifflinStJeor(kg: Double, cm: Double, age: Int, sex: Sex?) -> Double {
        let s: Double =
            switch sex {
            case .male: 5;
            case .female: -161;
            default: -78
            }
        return 10 * kg + 6.25 * cm - 5 * Double(age) + s
    }

    /// Katch–McArdle BMR in kcal/day from weight and body fat as a fraction (0.2 = 20 %).
    public static func katchMcArdle(kg: Double, bodyFatFraction: Double) -> Double {
        370 + 21.6 * kg * (1 - bodyFatFraction)
    }

    /// The lowest daily energy target coach suggests for `sex`.
    public static func safetyFloor(_ sex: Sex?) -> Double {
        switch sex {
        case .male: 1500;
        case .female: 1200;
        default: 1350
        }
    }

    /// Grams of protein per kg of body weight for `goal`.
    public static func proteinPerKg(_ goal: NutritionSettings.Goal) -> Double {
        switch goal {
        case .lose: 2.0;
        case .maintain: 1.6;
        case .gain: 1.8;
        case .muscle: 2.0
        }
    }

    /// A day's score: 100 · (0.6 · max(0, 1 − |kcal − target| / target) + 0.4 · min(1, protein / target)).
    public func dayScore(kcal: Double, protein: Double) -> Double {
        let energy = max(0, 1 - abs(kcal - kcalTarget) / kcalTarget)
        let prot = proteinTarget > 0 ? min(1, protein / proteinTarget) : 1
        return 100 * (0.6 * energy + 0.4 * prot)
    }
}

/// Energy of workouts: logged kcal, else work done in kJ (≈ kcal) from power.
public enum WorkoutEnergy {
    /// The energy of one workout: logged kcal, else the 1 Hz power series in kJ, else average power ·
    /// elapsed seconds / 1000, else 0. A given NP is never used (it overstates the work).
    public static func kcal(_ w: Workout) -> Double {
        if let k = w.kcal, k.isFinite { return k }
        if let s = w.samples, s.powerW.contains(where: { $0 != nil }),
            let series = PowerStream.resampled(
                s.powerW, intervalS: s.intervalS, durationS: w.elapsedS)
        {
            return PowerStream.kilojoules(series)
        }
        if let p = w.avgPowerW, let t = w.elapsedS, p.isFinite, t.isFinite { return p * t / 1000 }
        return 0
    }
}
