import CoachKit
import Foundation

/// The step-goal streak with bonus days, walked day by day from the first goal.
///
/// A met goal extends the streak and the current run; every `bonusEvery`-th day of a run banks a
/// bonus day (up to `maxBonus`). A missed day spends a banked bonus day (the streak goes on, the run
/// restarts) or, with none banked, ends the streak. Today counts once met; until then it is pending
/// and changes nothing. Goals come from the goal history, so a change never rewrites earlier days.
public struct StepStreak: Codable, Sendable, Equatable {
    public var streak = 0
    public var bank = 0
    public var run = 0
    /// Whether the evaluated day's goal is met.
    public var todayAchieved = false

    public init() {}

    /// The goal in force on `day` among `goals` sorted by start day.
    public static func goal(on day: LocalDay, _ goals: [ActivitySettings.StepGoal]) -> Int? {
        var lo = 0, hi = goals.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if goals[mid].from <= day { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? goals[lo - 1].steps : nil
    }

    /// Walks from the first goal's day through `day`.
    ///
    /// - Parameters:
    ///   - steps: steps per day ordinal (missing days are 0).
    ///   - settings: goal history and bonus rules.
    ///   - day: the evaluated day (today).
    public static func walk(steps: [Int: Int], settings: ActivitySettings, through day: LocalDay)
        -> StepStreak
    {
        walk(steps: steps, settings: settings, through: day, from: nil)
    }

    /// Walks through `day` (today), starting after a carried day's state when given.
    ///
    /// - Parameter start: the state with every day through `after` finished (`carried(…)`).
    public static func walk(
        steps: [Int: Int], settings: ActivitySettings, through day: LocalDay,
        from start: (state: StepStreak, after: LocalDay)?
    ) -> StepStreak {
        var s = finished(
            steps: steps, settings: settings, through: day.adding(days: -1), from: start)
        let goals = settings.stepGoals.sorted { $0.from < $1.from }
        guard let first = goals.first?.from, first <= day else { return s }
        let achieved = (steps[day.ordinal] ?? 0) >= (goal(on: day, goals) ?? 0)
        s.todayAchieved = achieved
        if achieved {
            s.step(achieved: true, every: settings.bonusEvery, maxBonus: settings.maxBonus)
        }
        return s
    }

    /// The state with every day from the first goal through `day` finished, starting after a
    /// carried day's state when given: what activity carries.
    public static func finished(
        steps: [Int: Int], settings: ActivitySettings, through day: LocalDay,
        from start: (state: StepStreak, after: LocalDay)?
    ) -> StepStreak {
        let goals = settings.stepGoals.sorted { $0.from < $1.from }
        var s = start?.state ?? StepStreak()
        guard let first = goals.first?.from else { return s }
        let lo = max(first.ordinal, (start?.after.ordinal ?? Int.min) + 1)
        guard lo <= day.ordinal else { return s }
        for x in lo...day.ordinal {
            let achieved = (steps[x] ?? 0) >= (goal(on: LocalDay(ordinal: x), goals) ?? 0)
            s.step(achieved: achieved, every: settings.bonusEvery, maxBonus: settings.maxBonus)
        }
        return s
    }

    /// Applies one finished day.
    public mutating func step(achieved: Bool, every: Int, maxBonus: Int) {
        if achieved {
            streak += 1
            run += 1
            if every > 0, run % every == 0 { bank = min(bank + 1, max(0, maxBonus)) }
        } else if bank > 0 {
            bank -= 1
            streak += 1
            run = 0
        } else {
            streak = 0
            run = 0
        }
    }

    /// The walking bot's steps at `secondsSinceMidnight` (wall clock): ⌊goal · s / 86399⌋.
    public static func bot(goal: Int, secondsSinceMidnight s: Int) -> Int {
        Int((Double(goal) * Double(min(max(s, 0), 86_399)) / 86_399).rounded(.down))
    }
}
