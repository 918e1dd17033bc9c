import CoachKit
import Foundation

/// Energy availability (EA) over the scored days: (kcal eaten − workout kcal) / fat-free mass kg.
///
/// Each day subtracts its own workouts' energy (the training day's expenditure, as Loucks
/// defines EA), and the check reads the mean over the days with food and a known fat-free mass
/// among the seven scored, at least three of them: low energy availability is a sustained state
/// (IOC consensus on RED-S, Mountjoy et al. 2023), so one long-ride day eaten back the next does
/// not raise the flag, while a week under 30 does. When the check cannot run, the outcome says
/// why.
public enum EnergyAvailability: Equatable, Sendable {
    /// The mean EA of `days`, in kcal per kg of fat-free mass.
    case checked(mean: Double, days: [Day])
    /// The check could not run, and why.
    case notChecked(reason: String)

    /// Under this mean, in kcal per kg of fat-free mass, energy availability is low.
    public static let threshold = 30.0
    /// Days with food and a fat-free mass the mean needs.
    public static let minimumDays = 3

    /// One day's energy availability.
    public struct Day: Equatable, Sendable {
        public var day: Int
        public var kcal: Double
        public var workoutKcal: Double
        public var fatFreeKg: Double
        /// (kcal − workoutKcal) / fatFreeKg.
        public var value: Double { (kcal - workoutKcal) / fatFreeKg }
    }

    /// Assesses the days `days` (ordinals with food logged).
    ///
    /// - Parameters:
    ///   - days: the scored days with food entries.
    ///   - kcal: kcal eaten per day.
    ///   - workoutKcal: workout energy per day (days without workouts are 0).
    ///   - body: the weight and body fat in force on a day.
    /// - Returns: the mean over the days with a known fat-free mass, or why there is none.
    public static func assess(
        days: [Int], kcal: [Int: Double], workoutKcal: [Int: Double],
        body: (Int) -> (kg: Double?, bf: Double?)
    ) -> EnergyAvailability {
        var checked: [Day] = []
        var noBodyFat = 0, noWeight = 0
        for x in days {
            guard let k = kcal[x] else { continue }
            let (kg, bf) = body(x)
            guard let bf, bf >= 0, bf < 100 else { noBodyFat += 1; continue }
            guard let kg, kg > 0 else { noWeight += 1; continue }
            checked.append(
                Day(
                    day: x, kcal: k, workoutKcal: workoutKcal[x] ?? 0,
                    fatFreeKg: kg * (1 - bf / 100)))
        }
        if checked.count >= minimumDays {
            let mean = checked.map(\.value).reduce(0, +) / Double(checked.count)
            return .checked(mean: mean, days: checked)
        }
        if days.count < minimumDays {
            return .notChecked(
                reason: "food logged on \(days.count) of the 7 days (needs \(minimumDays))")
        }
        if noBodyFat > 0, checked.isEmpty, noWeight == 0 {
            return .notChecked(
                reason: "no body fat logged or in the profile, so fat-free mass is unknown")
        }
        if noWeight > 0, checked.isEmpty, noBodyFat == 0 {
            return .notChecked(reason: "no weight logged or in the profile")
        }
        return .notChecked(
            reason: "fat-free mass known on \(checked.count) of the \(days.count) days with food "
                + "(needs \(minimumDays))")
    }
}
