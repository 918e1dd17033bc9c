import CoachKit
import Foundation

/// Body weight over the last week: the 7-day average up to a day and its change from the 7 days
/// before, so one morning's water weight does not read as a trend.
public struct WeightTrend: Sendable, Equatable {
    /// Mean of the weigh-ins of the 7 days ending on the day, kg.
    public let average: Double
    /// How many weigh-ins that mean has.
    public let count: Int
    /// The average minus that of the 7 days before, kg; nil without weigh-ins then.
    public let change: Double?

    /// The trend on `day` from `entries` (any order), days taken in `zone`.
    ///
    /// - Returns: nil when the 7 days ending on `day` have no weigh-in.
    public static func on(_ day: LocalDay, entries: [WeightEntry], zone: TimeZone) -> WeightTrend? {
        func mean(from: LocalDay, to: LocalDay) -> (Double, Int)? {
            let kg = entries.filter {
                let d = $0.time.day(in: zone)
                return d >= from && d <= to
            }.map(\.kg)
            return kg.isEmpty ? nil : (kg.reduce(0, +) / Double(kg.count), kg.count)
        }
        guard let (now, n) = mean(from: day.adding(days: -6), to: day) else { return nil }
        let before = mean(from: day.adding(days: -13), to: day.adding(days: -7))
        return WeightTrend(average: now, count: n, change: before.map { now - $0.0 })
    }
}
