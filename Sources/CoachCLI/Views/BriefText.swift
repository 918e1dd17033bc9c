import CoachApp
import CoachKit
import Foundation

/// The morning brief in a few lines (the roster or one athlete) or in one status line.
enum BriefText {
    /// The roster's brief: a headline, one line per athlete needing attention, then one line
    /// each for check-ins, yesterday's missed sessions, today's sessions and body battery.
    static func roster(_ brief: Brief) -> String {
        let all = brief.athletes
        guard let first = all.first else { return "No athletes yet." }
        let attention = brief.needingAttention
        var out = [
            "Brief · \(first.day.weekdayName) \(first.day) · \(count(all.count, "athlete")), "
                + (attention.isEmpty ? "all fine" : "\(attention.count) need attention")
        ]
        out += attention.count > lineLimit ? byReason(attention) : byAthlete(attention)
        let absent = brief.notCheckedIn.map(\.handle)
        out.append(
            absent.isEmpty
                ? "Everyone checked in." : "Not checked in: " + absent.joined(separator: ", "))
        let missed = all.flatMap { a in a.missedYesterday.map { "\(a.handle) \($0.title)" } }
        if !missed.isEmpty { out.append("Missed yesterday: " + missed.joined(separator: ", ")) }
        let today = brief.todaysSessions
        out.append(
            today.isEmpty
                ? "Today: nothing planned."
                : "Today (\(today.count)): "
                    + today.map { "\($0.handle) \(session($0.session))" }.joined(separator: " · "))
        let battery = all.sorted {
            ($0.bodyBattery ?? 101, $0.handle) < ($1.bodyBattery ?? 101, $1.handle)
        }
        let shown = battery.count > lineLimit ? Array(battery.prefix(5)) : battery
        let rest = battery.count - shown.count
        out.append(
            "Body battery · load: "
                + shown.map { "\($0.handle) \(batteryText($0)) \(load($0))" }
                .joined(separator: " · ")
                + (rest > 0 ? " · \(rest) more from \(batteryText(battery[shown.count])) up" : ""))
        return out.joined(separator: "\n")
    }

    /// Rosters with more athletes needing attention than this get a line per reason instead
    /// of per athlete, and only the lowest body batteries, so the brief stays a few lines.
    static let lineLimit = 8

    /// One line per athlete needing attention, with the reasons.
    static func byAthlete(_ attention: [BriefEntry]) -> [String] {
        let width = attention.map(\.handle.count).max() ?? 0
        return attention.map { a in
            Terminal.paint(
                "⚑ " + a.handle.padding(toLength: width, withPad: " ", startingAt: 0),
                hex: "#E53E3E")
                + "  " + a.reasons.joined(separator: "; ")
        }
    }

    /// One line per reason, with the athletes it applies to, most common first.
    static func byReason(_ attention: [BriefEntry]) -> [String] {
        var handles: [String: [String]] = [:]
        for a in attention {
            for reason in a.reasons { handles[reason, default: []].append(a.handle) }
        }
        return handles.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
            .map { reason, who in
                Terminal.paint("⚑ " + reason, hex: "#E53E3E") + ": "
                    + who.joined(separator: ", ")
            }
    }

    /// One athlete's brief: name and day, why they need attention, check-in, sessions, body
    /// battery and load.
    static func athlete(_ brief: Brief) -> String {
        guard let a = brief.athletes.first else { return "No athlete." }
        var out = ["\(a.name) · \(a.day.weekdayName) \(a.day)"]
        if a.needsAttention {
            out.append(Terminal.paint("⚑ ", hex: "#E53E3E") + a.reasons.joined(separator: "; "))
        }
        if a.checkedIn {
            out.append("Checked in.")
        } else {
            out.append(
                "Not checked in"
                    + (a.lastCheckIn.map { " (last on \($0.weekdayName) \($0))." } ?? " yet."))
        }
        if !a.missedYesterday.isEmpty {
            out.append(
                "Missed yesterday: " + a.missedYesterday.map(\.title).joined(separator: ", "))
        }
        out.append(
            a.today.isEmpty
                ? "Today: nothing planned."
                : "Today: " + a.today.map(session).joined(separator: " · "))
        out.append(
            "Body battery \(batteryText(a))" + (a.zone.map { " \($0)" } ?? "")
                + " · suggested load \(load(a))")
        return out.joined(separator: "\n")
    }

    /// One line for a status bar: who needs attention, who has not checked in, today's sessions.
    static func status(_ brief: Brief) -> String {
        let attention = brief.needingAttention
        var parts: [String] = []
        if attention.isEmpty {
            parts.append(
                brief.athletes.count == 1 ? "✓ fine" : "✓ all \(brief.athletes.count) fine")
        } else {
            let named = attention.prefix(3).map(\.handle).joined(separator: ", ")
            let more = attention.count > 3 ? " +\(attention.count - 3)" : ""
            parts.append("⚑ \(attention.count) need attention: \(named)\(more)")
        }
        let absent = brief.notCheckedIn.count
        if absent > 0 { parts.append("\(absent) not checked in") }
        let today = brief.todaysSessions
        let done = today.filter(\.session.done).count
        parts.append("\(count(today.count, "session")) today" + (done > 0 ? " (\(done) done)" : ""))
        return parts.joined(separator: " · ")
    }

    /// A session as "Threshold 3x12 1h15m" with "✓" when done.
    static func session(_ s: BriefSession) -> String {
        let length = s.plannedDurationS.map { " " + DurationParser.format(Int($0.rounded())) } ?? ""
        return "\(s.title)\(length)" + (s.done ? " ✓" : "")
    }

    /// "51 Tempo/Sweetspot" or "–".
    static func batteryText(_ a: BriefEntry) -> String {
        guard let b = a.bodyBattery else { return "–" }
        return "\(b)"
    }

    /// "47–65 TSS", "rest day" or "no load yet".
    static func load(_ a: BriefEntry) -> String {
        if a.restAdvised { return "rest day" }
        guard let l = a.suggestedLoad else { return "no load yet" }
        return "\(Int(l.low.rounded()))–\(Int(l.high.rounded())) TSS"
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
