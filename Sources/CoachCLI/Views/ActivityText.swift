import CoachKit

/// Renders `coach activity`: the steps dial, tiles, a 7-point graph, and the athlete against the walking bot.
enum ActivityText {
    static func render(
        _ r: MetricResult, name: String, day: LocalDay, week: Bool, units: UnitSystem = .metric
    ) -> String {
        var out = [Terminal.bold("\(name) · \(day.weekdayName) \(day) · steps")]
        guard r.status == .ok, let steps = r.number("steps_today"),
            let goal = r.number("goal_today")
        else {
            out.append(Terminal.dim(r.reason ?? "no step data"))
            return out.joined(separator: "\n")
        }
        let bot = r.number("bot_today") ?? 0
        let pct = goal > 0 ? min(100, 100 * steps / goal) : 100
        out.append(
            "\(dial(pct)) " + Terminal.bold(grouped(steps)) + " of \(grouped(goal)) steps  "
                + Terminal.paint(Charts.gauge(pct), hex: r.band?.colour) + " \(Int(pct.rounded()))%"
        )
        out.append("  " + race(user: steps, bot: bot, what: "today"))
        let tiles: [(String, String)] = [
            ("streak", "\(Int(r.number("streak") ?? 0)) d"),
            ("bonus days", "\(Int(r.number("bonus_days") ?? 0))"),
            ("week", grouped(r.number("steps_week") ?? 0)),
            ("bot week", grouped(r.number("bot_week") ?? 0)),
        ]
        out.append("  " + tiles.map { "[\($0.0) \(Terminal.bold($0.1))]" }.joined(separator: " "))
        // The step day's own tiles (issue 12, item 14): energy, distance in the athlete's units, heart rate now.
        let distance = r.number("distance_m_today").map {
            units == .imperial
                ? Render.number($0 / 1609.344, digits: 2) + " mi"
                : Render.number($0 / 1000, digits: 2) + " km"
        }
        let dayTiles: [(String, String)] = [
            ("kcal", r.number("active_kcal_today").map { grouped($0) } ?? "--"),
            ("distance", distance ?? "--"),
            ("heart rate", r.number("heart_rate_now").map { "\(Int($0.rounded())) bpm" } ?? "--"),
        ]
        out.append(
            "  " + dayTiles.map { "[\($0.0) \(Terminal.bold($0.1))]" }.joined(separator: " "))
        out.append("")
        if week {
            out.append("Weeks (7-day blocks ending on the day shown)")
            out += graph(r.series?["weekly_steps"] ?? [], goal: nil) {
                "to \($0.weekdayName) \($0)"
            }
            out.append(
                "  "
                    + race(
                        user: r.number("steps_week") ?? 0, bot: r.number("bot_week") ?? 0,
                        what: "over the last 7 days"))
        } else {
            out.append("Last 7 days")
            out += graph(r.series?["steps"] ?? [], goal: r.series?["goal"]) {
                "\($0.weekdayName) \($0)"
            }
        }
        return out.joined(separator: "\n")
    }

    /// A quarter-step dial: ○ ◔ ◑ ◕ ●.
    static func dial(_ pct: Double) -> String {
        ["○", "◔", "◑", "◕", "●"][Int((min(max(pct, 0), 100) / 25).rounded(.down))]
    }

    static func race(user: Double, bot: Double, what: String) -> String {
        let gap = grouped(abs(user - bot))
        return user >= bot
            ? "ahead of the walking bot by \(gap) \(what) (bot \(grouped(bot)))"
            : Terminal.paint(
                "behind the walking bot by \(gap) \(what) (bot \(grouped(bot)))", hex: "#DD6B20")
    }

    /// One bar per point, ticked ✓ where the day's goal was met.
    static func graph(_ points: [SeriesPoint], goal: [SeriesPoint]?, label: (LocalDay) -> String)
        -> [String]
    {
        let top = max(points.compactMap(\.value).max() ?? 0, goal?.compactMap(\.value).max() ?? 0)
        return points.enumerated().map { i, p in
            let v = p.value ?? 0
            let target = goal.flatMap { i < $0.count ? $0[i].value : nil }
            let met = target.map { v >= $0 } ?? false
            return "  \(label(p.day))  "
                + Terminal.paint(
                    Charts.bar(v, maximum: top).padding(toLength: 30, withPad: " ", startingAt: 0),
                    hex: met ? "#38A169" : nil)
                + " \(grouped(v).leftPadded(to: 7))" + (met ? " ✓" : "")
        }
    }

    /// 12345 → "12,345".
    static func grouped(_ v: Double) -> String {
        let digits = String(Int(v.rounded()))
        var out = ""
        for (i, ch) in digits.reversed().enumerated() {
            if i > 0, i % 3 == 0, ch != "-" { out.append(",") }
            out.append(ch)
        }
        return String(out.reversed())
    }
}
