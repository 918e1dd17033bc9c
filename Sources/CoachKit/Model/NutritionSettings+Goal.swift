import Foundation

extension NutritionSettings {
    /// The largest weekly change a target weight and date are turned into, in kg per week.
    ///
    /// Faster loss costs lean mass in athletes (Garthe et al. 2011 found about 0.7 % of body mass
    /// a week kept it); 1 kg a week is the usual upper bound of sports-nutrition guidance.
    public static let maxDerivedWeeklyChangeKg = 1.0

    /// Checks that the goal, the weekly change and the target weight point the same way.
    ///
    /// "lose" needs a weekly change of 0 or less and a target below the current weight; "gain" and
    /// "muscle" a change of 0 or more and a target above it; "maintain" a change of 0.
    ///
    /// - Parameter currentWeightKg: the athlete's weight now, when known (for the target check).
    /// - Throws: `CoachKitError.goalConflict` saying which parts disagree and how to agree.
    public func validateGoal(currentWeightKg: Double?) throws {
        let change = String(format: "%+.2g kg", weeklyChangeKg)
        switch goal {
        case .lose where weeklyChangeKg > 0:
            throw CoachKitError.goalConflict(
                "goal 'lose' needs a weekly change of 0 or less, not \(change) a week; "
                    + "give a negative weekly change (e.g. -0.5kg) or choose goal 'gain' or 'muscle'"
            )
        case .gain where weeklyChangeKg < 0, .muscle where weeklyChangeKg < 0:
            throw CoachKitError.goalConflict(
                "goal '\(goal.rawValue)' needs a weekly change of 0 or more, not "
                    + "\(change) a week; give a positive weekly change (e.g. 0.25kg) or choose goal 'lose'"
            )
        case .maintain where weeklyChangeKg != 0:
            throw CoachKitError.goalConflict(
                "goal 'maintain' keeps the weight, so the weekly change must be 0, not "
                    + "\(change); choose goal 'lose', 'gain' or 'muscle' or set the weekly change to 0"
            )
        default: break
        }
        guard let target = targetWeightKg, let now = currentWeightKg else { return }
        let t = String(format: "%.1f kg", target), w = String(format: "%.1f kg", now)
        if goal == .lose && target >= now {
            throw CoachKitError.goalConflict(
                "goal 'lose' needs a target weight below the current \(w), not \(t)")
        }
        if (goal == .gain || goal == .muscle) && target <= now {
            throw CoachKitError.goalConflict(
                "goal '\(goal.rawValue)' needs a target weight above the current \(w), not \(t)")
        }
    }

    /// The weekly weight change (kg) planned on `day` for an athlete weighing `weightKg`.
    ///
    /// The set weekly change when there is one. Otherwise, with a target weight and a target date
    /// after `day`, the change that reaches the target on that date — (target − weight) / weeks
    /// left — capped at ±`maxDerivedWeeklyChangeKg` and never against the goal (0 once a "lose"
    /// target is reached). "maintain", a passed date or no target give 0.
    public func weeklyChange(on day: LocalDay, weightKg: Double) -> Double {
        if weeklyChangeKg != 0 { return weeklyChangeKg }
        guard goal != .maintain, let target = targetWeightKg, let date = targetDate, date > day
        else { return 0 }
        let cap = Self.maxDerivedWeeklyChangeKg
        let rate = min(max((target - weightKg) * 7 / Double(day.days(to: date)), -cap), cap)
        return goal == .lose ? min(rate, 0) : max(rate, 0)
    }
}
