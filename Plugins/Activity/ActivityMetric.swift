import CoachKit
import Foundation

/// Activity: today's steps against the goal in force, the streak, and the race with the walking bot.
///
/// Score = min(100, round(100 · steps / goal)). The walking bot walks the goal evenly over the day
/// (wall clock), so at "now" it has ⌊goal · s / 86399⌋ steps; the week compares the last 7 days'
/// steps with the bot's (the 6 previous days' goals plus the bot today), the athlete winning ties.
public struct ActivityMetric: BuiltinMetricProvider {
    public static let descriptor = MetricDescriptor(
        id: "activity",
        name: "Activity",
        summary: "Steps against the daily goal, with streak, bonus days and the walking bot.",
        version: "1.1.0",
        inputs: [InputRequirement(.steps, days: nil), InputRequirement(.biometrics, days: 2)],
        range: .init(min: 0, max: 100),
        unit: "% of goal",
        bands: [
            MetricBand("Low", min: 0, max: 49, colour: "#E53E3E"),
            MetricBand("Getting there", min: 50, max: 99, colour: "#D69E2E"),
            MetricBand("Goal met", min: 100, max: 100, colour: "#38A169"),
        ],
        carried: CarriedDeclaration(
            lookBack: lookBack, summary: "the streak, run and banked bonus days at the end of a day"
        )
    )

    public init() {}

    public func evaluate(_ input: MetricInput) -> MetricResult {
        let id = Self.descriptor.id
        let d = input.day
        let settings = input.athlete.activity
        let goals = settings.stepGoals.sorted { $0.from < $1.from }
        var steps: [Int: Int] = [:]
        var todayEntry: StepsDay?
        for s in input.steps where s.day <= d {
            steps[s.day.ordinal, default: 0] = s.steps
            if s.day == d { todayEntry = s }
        }
        let stepsToday = steps[d.ordinal] ?? 0
        let recency = Double(max(0, settings.hrRecencyMin)) * 60
        let now = input.now.timeIntervalSince1970
        let heart = input.biometrics.filter {
            $0.type == .heart_rate && $0.time.epochSeconds <= now
                && $0.time.epochSeconds >= now - recency
        }.max { DailyPhysiology.precedes($0, $1) }
        guard let goal = StepStreak.goal(on: d, goals) else {
            return .insufficient(
                id: id, reason: "no step goal in force on \(d); set a daily step goal",
                values: [
                    "steps_today": .number(Double(stepsToday)), "goal_today": nil, "bot_today": nil,
                    "streak": nil, "bonus_days": nil, "steps_week": nil, "bot_week": nil,
                    "active_kcal_today": MetricValue(todayEntry?.activeKcal),
                    "distance_m_today": MetricValue(todayEntry?.distanceM),
                    "heart_rate_now": MetricValue(heart?.value),
                ])
        }
        let nowDay = LocalDay(date: input.now, timeZone: input.zone)
        let seconds =
            nowDay < d
            ? 0
            : nowDay > d
                ? 86_399
                : Instant(date: input.now, timeZone: input.zone).secondsSinceMidnight(
                    in: input.zone)
        let botToday = StepStreak.bot(goal: goal, secondsSinceMidnight: seconds)
        let streak = StepStreak.walk(
            steps: steps, settings: settings, through: d, from: Self.start(input))
        let week = (0..<7).map { d.adding(days: -6 + $0) }
        let stepsWeek = week.reduce(0) { $0 + (steps[$1.ordinal] ?? 0) }
        let botWeek =
            week.dropLast().reduce(0) { $0 + (StepStreak.goal(on: $1, goals) ?? 0) } + botToday
        let score =
            goal > 0 ? min(100, MetricMath.round(100 * Double(stepsToday) / Double(goal))) : 100

        let blocks = (0..<7).map { b -> SeriesPoint in
            let end = d.adding(days: -7 * (6 - b))
            let sum = (0..<7).reduce(0) { $0 + (steps[end.adding(days: -$1).ordinal] ?? 0) }
            return SeriesPoint(day: end, value: Double(sum))
        }
        let series: [String: [SeriesPoint]] = [
            "steps": week.map { SeriesPoint(day: $0, value: Double(steps[$0.ordinal] ?? 0)) },
            "goal": week.map {
                SeriesPoint(day: $0, value: StepStreak.goal(on: $0, goals).map(Double.init))
            },
            "weekly_steps": blocks,
        ]
        let ahead = stepsWeek >= botWeek
        let components = [
            MetricComponent(
                "steps today", value: Double(stepsToday), weight: 1, note: "goal \(goal)"),
            MetricComponent(
                "walking bot today", value: Double(botToday),
                note: "goal spread evenly over the day"),
            MetricComponent(
                "streak", value: Double(streak.streak),
                note: streak.todayAchieved ? "today counted" : "today pending"),
            MetricComponent(
                "bonus days", value: Double(streak.bank),
                note: "one per \(settings.bonusEvery) met days in a row, up to \(settings.maxBonus)"
            ),
            MetricComponent(
                "steps this week", value: Double(stepsWeek), note: "last 7 days; bot \(botWeek)"),
            MetricComponent(
                "current heart rate", value: heart?.value,
                note: heart == nil ? "--" : "within \(settings.hrRecencyMin) min"),
        ]
        let text =
            "\(stepsToday) of \(goal) steps today => \(score)%; the walking bot is at \(botToday). "
            + "Streak \(streak.streak) day\(streak.streak == 1 ? "" : "s")"
            + (streak.todayAchieved ? " including today" : " (today pending)")
            + ", \(streak.bank) bonus day\(streak.bank == 1 ? "" : "s") banked. "
            + "Last 7 days \(stepsWeek) vs bot \(botWeek): \(ahead ? "you lead" : "the bot leads")."
        return MetricResult(
            id: id, status: .ok, score: score, band: Self.descriptor.band(for: score)?.label,
            values: [
                "steps_today": .number(Double(stepsToday)), "goal_today": .number(Double(goal)),
                "bot_today": .number(Double(botToday)), "streak": .number(Double(streak.streak)),
                "bonus_days": .number(Double(streak.bank)),
                "steps_week": .number(Double(stepsWeek)),
                "bot_week": .number(Double(botWeek)),
                "active_kcal_today": MetricValue(todayEntry?.activeKcal),
                "distance_m_today": MetricValue(todayEntry?.distanceM),
                "heart_rate_now": MetricValue(heart?.value),
            ],
            components: components, flags: [], explanation: text, series: series)
    }
}
