import Foundation

/// One food or drink entry.
public struct FoodEntry: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    public var time: Instant
    public var kcal: Double
    public var proteinG: Double?
    public var carbsG: Double?
    public var fatG: Double?
    public var meal: String?
    public var note: String?

    public init(id: String, time: Instant, kcal: Double) {
        self.id = id; self.time = time; self.kcal = kcal
    }

    /// The meal names accepted by `--meal`.
    public static let meals = ["breakfast", "lunch", "dinner", "snack", "drink", "other"]

    enum CodingKeys: String, CodingKey {
        case id, time, kcal, meal, note
        case proteinG = "protein_g"
        case carbsG = "carbs_g"
        case fatG = "fat_g"
    }
}

/// Steps, walking distance and active energy of one day.
public struct StepsDay: Codable, Sendable, Equatable {
    public var day: LocalDay
    public var steps: Int
    public var distanceM: Double?
    public var activeKcal: Double?

    public init(day: LocalDay, steps: Int, distanceM: Double? = nil, activeKcal: Double? = nil) {
        self.day = day; self.steps = steps; self.distanceM = distanceM; self.activeKcal = activeKcal
    }

    /// Steps have one entry per day, so the day is the id.
    public var id: String { "steps-\(day)" }

    enum CodingKeys: String, CodingKey {
        case day, steps
        case distanceM = "distance_m"
        case activeKcal = "active_kcal"
    }
}

/// A body-weight (and optional body-fat) measurement.
public struct WeightEntry: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    public var time: Instant
    public var kg: Double
    public var bodyFatPct: Double?

    public init(id: String, time: Instant, kg: Double, bodyFatPct: Double? = nil) {
        self.id = id; self.time = time; self.kg = kg; self.bodyFatPct = bodyFatPct
    }

    enum CodingKeys: String, CodingKey {
        case id, time, kg
        case bodyFatPct = "body_fat_pct"
    }
}
