import ActivityPlugin
import CoachKit
import Foundation
import Testing

@Suite struct ActivityTests {
    let provider = ActivityMetric()
    static let first = Fx.day("2026-09-01")

    static func settings(
        goal: Int = 10000, every: Int = 7, max: Int = 3,
        changes: [(Int, Int)] = []
    ) -> ActivitySettings {
        var s = ActivitySettings()
        s.stepGoals =
            [.init(from: first, steps: goal)]
            + changes.map { .init(from: first.adding(days: $0.0), steps: $0.1) }
        s.bonusEvery = every
        s.maxBonus = max
        return s
    }

    /// Steps per day from `first`, one entry per element.
    static func steps(_ values: [Int]) -> [Int: Int] {
        Dictionary(
            uniqueKeysWithValues: values.enumerated().map {
                (first.ordinal + $0.offset, $0.element)
            })
    }

    static func walk(_ values: [Int], _ s: ActivitySettings = settings()) -> StepStreak {
        StepStreak.walk(
            steps: steps(values), settings: s, through: first.adding(days: values.count - 1))
    }

    @Test("met days extend the streak")
    func basic() {
        #expect(Self.walk(Array(repeating: 12000, count: 5)).streak == 5)
    }

    @Test("a missed day with no bonus banked ends the streak")
    func missedEnds() {
        let s = Self.walk([12000, 12000, 3000, 12000, 12000])
        #expect(s.streak == 2)
    }

    @Test("every Nth met day banks a bonus day, and a miss spends it without ending the streak")
    func bonusConsumed() {
        let rules = Self.settings(every: 3)
        let earned = Self.walk([10000, 10000, 10000], rules)
        #expect(earned.bank == 1)
        let spent = Self.walk([10000, 10000, 10000, 0, 10000], rules)
        #expect(spent.bank == 0)
        #expect(spent.streak == 5)
        #expect(spent.run == 1)
        // A second miss with the bank empty ends it.
        #expect(Self.walk([10000, 10000, 10000, 0, 0, 10000], rules).streak == 1)
    }

    @Test("the bonus bank is capped at the maximum")
    func bonusCap() {
        let s = Self.walk(Array(repeating: 10000, count: 10), Self.settings(every: 2, max: 3))
        #expect(s.bank == 3)
        #expect(s.streak == 10)
    }

    @Test("a goal change mid-streak applies from its day and never rewrites the past")
    func goalChange() {
        let rules = Self.settings(goal: 10000, changes: [(3, 6000)])
        // 7000 steps miss 10000 on days 0-2 but meet 6000 from day 3.
        let s = Self.walk([12000, 12000, 7000, 7000, 7000], rules)
        #expect(s.streak == 2)
        let lowered = Self.walk([12000, 12000, 12000, 7000, 7000], rules)
        #expect(lowered.streak == 5)
        let raised = Self.walk(
            [7000, 7000, 7000, 7000], Self.settings(goal: 6000, changes: [(3, 10000)]))
        #expect(raised.streak == 3)
        #expect(raised.todayAchieved == false)
    }

    @Test("today counts once met; until then it is pending and does not break the streak")
    func todayPending() {
        let pending = Self.walk([12000, 12000, 12000, 4000])
        #expect(pending.streak == 3)
        #expect(!pending.todayAchieved)
        let met = Self.walk([12000, 12000, 12000, 10000])
        #expect(met.streak == 4)
        #expect(met.todayAchieved)
    }

    @Test(
        "the walking bot walks the goal evenly over the wall-clock day",
        arguments: [
            (0, 0), (21_600, 2500), (43_200, 5000), (86_399, 10000), (90_000, 10000),
        ])
    func bot(seconds: Int, expected: Int) {
        #expect(StepStreak.bot(goal: 10000, secondsSinceMidnight: seconds) == expected)
    }

    @Test(
        "at 06:00 on a DST day the bot has a quarter of the goal (wall clock, not elapsed time)",
        arguments: [
            ("2026-03-29T06:00:00+02:00", "2026-03-29"),
            ("2026-10-25T06:00:00+01:00", "2026-10-25"),
        ])
    func botDST(now: String, day: String) {
        var s = ActivitySettings()
        s.stepGoals = [.init(from: Fx.day("2026-01-01"), steps: 10000)]
        let input = MetricInput(
            day: Fx.day(day), timeZone: Fx.berlin, now: Fx.at(now).date,
            athlete: AthleteContext(activity: s))
        #expect(provider.evaluate(input).number("bot_today") == 2500)
    }

    @Test("evaluating a past day puts the bot at the full goal")
    func pastDay() {
        let input = Fx.input(Self.first, athlete: AthleteContext(activity: Self.settings())) { _ in
        }
        #expect(provider.evaluate(input).number("bot_today") == 10000)
    }

    @Test("the week compares the last 7 days' steps with 6 goals plus the bot now")
    func week() {
        let d = Self.first.adding(days: 9)
        let noon = d.instant(secondsSinceMidnight: 43_200, in: TimeZone(identifier: "UTC")!)
        var input = MetricInput(
            day: d, now: noon,
            athlete: AthleteContext(activity: Self.settings(changes: [(5, 8000)])))
        input.steps = (0..<10).map { StepsDay(day: Self.first.adding(days: $0), steps: 9000) }
        let r = provider.evaluate(input)
        // Days 3-8: goals 10000, 10000, 8000 x 4; bot today at noon = 4000.
        #expect(r.number("steps_week") == 63000)
        let botWeek: Double = 2 * 10000 + 4 * 8000 + 4000
        #expect(r.number("bot_week") == botWeek)
        #expect(r.number("goal_today") == 8000)
        #expect(r.score == 100)
        #expect(r.explanation.contains("you lead"))
        #expect(r.series?["weekly_steps"]?.count == 7)
        #expect(r.series?["weekly_steps"]?.last?.value == 63000)
        #expect(r.series?["steps"]?.map(\.value) == Array(repeating: 9000, count: 7))
    }

    @Test(
        "score = min(100, round(100 steps / goal)); a day without steps is 0",
        arguments: [
            (0, 0), (4_995, 50), (9_949, 99), (10_000, 100), (25_000, 100),
        ])
    func score(steps: Int, expected: Int) {
        var input = Fx.input(Self.first, athlete: AthleteContext(activity: Self.settings())) { _ in
        }
        if steps > 0 { input.steps = [StepsDay(day: Self.first, steps: steps)] }
        #expect(provider.evaluate(input).score == expected)
    }

    @Test("no goal in force is insufficient data")
    func noGoal() {
        let r = provider.evaluate(
            Fx.input(
                Self.first.adding(days: -1), athlete: AthleteContext(activity: Self.settings())
            ) { _ in })
        #expect(r.status == .insufficientData)
    }

    @Test("current heart rate is the latest sample within the recency window, else --")
    func currentHeartRate() {
        let now = Fx.at(Self.first, hour: 12)
        var input = MetricInput(
            day: Self.first, now: now.date, athlete: AthleteContext(activity: Self.settings()))
        input.biometrics = [
            Fx.sample(.heart_rate, 70, Fx.at(Self.first, hour: 11.9)),
            Fx.sample(.heart_rate, 75, Fx.at(Self.first, hour: 11.95)),
            Fx.sample(.heart_rate, 99, Fx.at(Self.first, hour: 12.5)),
        ]
        #expect(
            provider.evaluate(input).components.first { $0.name == "current heart rate" }?.value
                == 75)
        input.now = Fx.at(Self.first, hour: 13).date
        let stale = provider.evaluate(input).components.first { $0.name == "current heart rate" }
        #expect(stale?.value == nil)
        #expect(stale?.note == "--")
    }
}
