import Foundation

/// The value ranges coach accepts for logged data, chosen from physiology.
///
/// A value outside its range is refused with the range in the message, and nothing is written.
public enum PhysiologicalRanges {
    public static let mood = 1...5
    public static let doms = 0...10
    public static let rpe = 1...10
    public static let heartRate = 25.0...250.0
    public static let hrv = 1.0...300.0
    public static let spo2 = 70.0...100.0
    public static let weightKg = 20.0...400.0
    public static let bodyFatPct = 2.0...70.0
    public static let kcalPerEntry = 0.0...10_000.0
    public static let stepsPerDay = 0...150_000
    public static let respiratoryRate = 4.0...60.0
    public static let wristTempDeviation = -5.0...5.0
    public static let hrRecovery = 0.0...120.0
    public static let macroGrams = 0.0...1_000.0
    public static let powerW = 0.0...2_500.0
    public static let tss = 0.0...1_000.0
    public static let workoutSeconds = 1.0...(7 * 86_400.0)
    public static let distanceM = 0.0...1_000_000.0

    static func check<T: Comparable>(_ v: T?, _ r: ClosedRange<T>, _ field: String, _ shown: String)
        throws
    {
        if let v, !r.contains(v) {
            throw CoachKitError.outOfRange(field: .named(field), range: shown)
        }
    }

    static func finite(_ values: Double?..., field: String) throws {
        for v in values {
            if let v, !v.isFinite {
                throw CoachKitError.outOfRange(field: .named(field), range: "a finite number")
            }
        }
    }
}

extension WellnessEntry {
    /// Checks mood 1–5 and every DOMS value 0–10.
    public func validate() throws {
        try PhysiologicalRanges.check(mood, PhysiologicalRanges.mood, "mood", "1–5")
        for (group, v) in doms {
            try PhysiologicalRanges.check(
                v, PhysiologicalRanges.doms, "DOMS \(group.rawValue)", "0–10")
        }
    }
}

extension Workout {
    /// Checks duration, RPE, heart rates, power, TSS, distance and energy.
    public func validate() throws {
        typealias R = PhysiologicalRanges
        try R.finite(
            elapsedS, movingS, distanceM, tss, avgPowerW, npW, avgHrBpm, maxHrBpm, kcal,
            field: "workout")
        try R.check(elapsedS, R.workoutSeconds, "duration", "1 s – 7 days")
        try R.check(movingS, R.workoutSeconds, "moving time", "1 s – 7 days")
        try R.check(rpe, R.rpe, "RPE", "1–10")
        try R.check(avgHrBpm, R.heartRate, "average HR", "25–250 bpm")
        try R.check(maxHrBpm, R.heartRate, "max HR", "25–250 bpm")
        try R.check(avgPowerW, R.powerW, "average power", "0–2500 W")
        try R.check(npW, R.powerW, "normalized power", "0–2500 W")
        try R.check(tss, R.tss, "TSS", "0–1000")
        try R.check(distanceM, R.distanceM, "distance", "0–1000 km")
        try R.check(kcal, R.kcalPerEntry, "energy", "0–10000 kcal")
    }
}

extension BiometricSample {
    /// Checks the value against the range of its type.
    public func validate() throws {
        typealias R = PhysiologicalRanges
        guard value.isFinite else {
            throw CoachKitError.outOfRange(field: .named(type.rawValue), range: "a finite number")
        }
        switch type {
        case .hrv_sdnn, .hrv_rmssd: try R.check(value, R.hrv, "HRV", "1–300 ms")
        case .resting_hr, .heart_rate: try R.check(value, R.heartRate, "heart rate", "25–250 bpm")
        case .spo2: try R.check(value, R.spo2, "SpO2", "70–100 %")
        case .respiratory_rate:
            try R.check(value, R.respiratoryRate, "respiratory rate", "4–60 /min")
        case .wrist_temp:
            try R.check(value, R.wristTempDeviation, "wrist temperature deviation", "−5 to +5 °C")
        case .hr_recovery: try R.check(value, R.hrRecovery, "HR recovery", "0–120 bpm")
        }
    }
}

extension SleepRecord {
    /// Checks that the block ends after it starts and lasts at most a day.
    public func validate() throws {
        guard end > start, end.epochSeconds - start.epochSeconds <= 86_400 else {
            throw CoachKitError.outOfRange(
                field: "sleep block", range: "an end after its start, at most 24 h")
        }
    }
}

extension FoodEntry {
    /// Checks energy 0–10000 kcal and macros 0–1000 g.
    public func validate() throws {
        typealias R = PhysiologicalRanges
        try R.finite(kcal, proteinG, carbsG, fatG, field: "food")
        try R.check(kcal, R.kcalPerEntry, "energy", "0–10000 kcal per entry")
        try R.check(proteinG, R.macroGrams, "protein", "0–1000 g")
        try R.check(carbsG, R.macroGrams, "carbohydrate", "0–1000 g")
        try R.check(fatG, R.macroGrams, "fat", "0–1000 g")
        if let meal, !FoodEntry.meals.contains(meal) {
            throw CoachKitError.unknownName(field: "meal", value: meal, valid: FoodEntry.meals)
        }
    }
}

extension StepsDay {
    /// Checks steps 0–150000 a day.
    public func validate() throws {
        try PhysiologicalRanges.check(
            steps, PhysiologicalRanges.stepsPerDay, "steps", "0–150000 a day")
        try PhysiologicalRanges.finite(distanceM, activeKcal, field: "steps")
    }
}

extension WeightEntry {
    /// Checks weight 20–400 kg and body fat 2–70 %.
    public func validate() throws {
        try PhysiologicalRanges.check(kg, PhysiologicalRanges.weightKg, "weight", "20–400 kg")
        try PhysiologicalRanges.check(
            bodyFatPct, PhysiologicalRanges.bodyFatPct, "body fat", "2–70 %")
    }
}
