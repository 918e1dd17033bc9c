import CoachKit
import Foundation
import NutritionPlugin
import Testing

/// Issue 12, item 10: the goal type agrees with the weekly change; target weight and date are used.
@Suite struct NutritionGoalTests {
    static func settings(
        _ goal: NutritionSettings.Goal, weekly: Double = 0, target: Double? = nil,
        by: String? = nil
    ) -> NutritionSettings {
        var s = NutritionSettings()
        s.goal = goal; s.weeklyChangeKg = weekly; s.targetWeightKg = target;
        s.targetDate = by.flatMap(LocalDay.init)
        return s
    }

    @Test(
        "goal and weekly change must agree",
        arguments: [
            // (goal, weekly change, target, refused)
            (NutritionSettings.Goal.lose, 0.5, nil as Double?, true), (.lose, -0.5, nil, false),
            (.lose, 0, nil, false),
            (.gain, -0.25, nil, true), (.muscle, -0.25, nil, true), (.muscle, 0.25, nil, false),
            (.maintain, -0.5, nil, true), (.maintain, 0, nil, false),
            (.lose, -0.5, 72, true), (.lose, -0.5, 65, false), (.gain, 0.25, 68, true),
            (.gain, 0.25, 72, false),
        ])
    func agreement(goal: NutritionSettings.Goal, weekly: Double, target: Double?, refused: Bool) {
        let s = Self.settings(goal, weekly: weekly, target: target)
        #expect((try? s.validateGoal(currentWeightKg: 70)) == nil ? refused : !refused)
    }

    @Test("the refusal names the conflict and the way out")
    func message() {
        #expect(
            throws: CoachKitError.goalConflict(
                "goal 'lose' needs a weekly change of 0 or less, not +0.5 kg a week; "
                    + "give a negative weekly change (e.g. -0.5kg) or choose goal 'gain' or 'muscle'"
            )
        ) {
            try Self.settings(.lose, weekly: 0.5).validateGoal(currentWeightKg: 70)
        }
    }

    @Test(
        "without a weekly change, target weight and date set the pace",
        arguments: [
            // (goal, target kg, date, weight kg, expected kg/week) on 2026-05-20
            // 4 kg in 6 weeks
            (NutritionSettings.Goal.lose, 66.0, "2026-07-01", 70.0, -4.0 * 7 / 42),
            (.lose, 60.0, "2026-06-03", 70.0, -1.0),  // capped at 1 kg/week
            (.lose, 72.0, "2026-07-01", 70.0, 0.0),  // already under the target
            (.muscle, 73.0, "2026-08-12", 70.0, 3.0 * 7 / 84),  // 3 kg in 12 weeks
            (.lose, 66.0, "2026-05-20", 70.0, 0.0),  // the date has come
            (.maintain, 66.0, "2026-07-01", 70.0, 0.0),
        ])
    func derivedPace(
        goal: NutritionSettings.Goal, target: Double, by: String, weight: Double, expected: Double
    ) {
        let s = Self.settings(goal, target: target, by: by)
        #expect(Fx.close(s.weeklyChange(on: Fx.day("2026-05-20"), weightKg: weight), expected))
    }

    @Test(
        "the nutrition target follows the derived pace: 1648.75 · 1.725 − 4/6 · 1100 = 2110.76 kcal"
    )
    func targetUsesPace() {
        var a = AthleteContext(sex: .male, ageYears: 30, heightCm: 175, weightKg: 70)
        a.nutrition = Self.settings(.lose, target: 66, by: "2026-07-01")
        a.nutrition.activityLevel = .very
        // 1648.75 · 1.725 = 2844.09; −4/6 kg a week · 7700 / 7 = −733.33 ⇒ 2110.76 kcal.
        let r = NutritionMetric().evaluate(Fx.input(Fx.day("2026-05-20"), athlete: a))
        #expect(Fx.close(r.number("kcal_target"), 1648.75 * 1.725 - 4.0 / 6 * 1100))
    }
}
