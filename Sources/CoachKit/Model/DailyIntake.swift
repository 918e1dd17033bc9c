import Foundation

/// What an athlete ate on one local day: energy and the three macronutrients, summed.
///
/// Entries without a macronutrient add nothing to its total; `entries` says how many meals the
/// day holds, so a day with no food (0 entries) is told apart from one logged at 0 kcal.
public struct DailyIntake: Codable, Sendable, Equatable {
    public var day: LocalDay
    public var entries: Int
    public var kcal: Double
    public var proteinG: Double
    public var carbsG: Double
    public var fatG: Double

    public init(
        day: LocalDay, entries: Int = 0, kcal: Double = 0, proteinG: Double = 0, carbsG: Double = 0,
        fatG: Double = 0
    ) {
        self.day = day; self.entries = entries; self.kcal = kcal; self.proteinG = proteinG
        self.carbsG = carbsG; self.fatG = fatG
    }

    enum CodingKeys: String, CodingKey {
        case day, entries, kcal
        case proteinG = "protein_g"
        case carbsG = "carbs_g"
        case fatG = "fat_g"
    }

    /// The `count` days ending with `last`, oldest first, each with the food of that local day.
    ///
    /// - Parameters:
    ///   - food: food entries in any order.
    ///   - zone: the athlete's time zone (a meal belongs to the local day it was eaten on).
    ///   - last: the last day.
    ///   - count: how many days.
    public static func days(_ food: [FoodEntry], zone: TimeZone, through last: LocalDay, count: Int)
        -> [DailyIntake]
    {
        let first = last.adding(days: 1 - count)
        var out = (0..<count).map { DailyIntake(day: first.adding(days: $0)) }
        for f in food {
            let i = first.days(to: f.time.day(in: zone))
            guard i >= 0, i < count else { continue }
            out[i].entries += 1
            out[i].kcal += f.kcal
            out[i].proteinG += f.proteinG ?? 0
            out[i].carbsG += f.carbsG ?? 0
            out[i].fatG += f.fatG ?? 0
        }
        return out
    }
}
