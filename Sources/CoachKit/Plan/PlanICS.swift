import Foundation

/// Renders program weeks as an iCalendar file (RFC 5545) that calendar apps accept.
///
/// One VEVENT per session. Its UID is built from the session id and the athlete, so exporting again
/// updates events instead of duplicating them. Sessions with a start time become timed events in
/// UTC lasting the planned duration (one hour when none); the rest are all-day events.
public enum PlanICS {
    /// The iCalendar text, with CRLF line ends and folded lines.
    ///
    /// - Parameters:
    ///   - weeks: the weeks to export.
    ///   - athlete: the athlete's handle, part of every UID and of the calendar name.
    ///   - zone: the athlete's time zone, for timed sessions.
    ///   - now: the export time, written as DTSTAMP.
    public static func render(_ weeks: [ProgramWeek], athlete: String, zone: TimeZone, now: Date)
        -> String
    {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//coach//plan export//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:" + ICSText.escape("Training plan – \(athlete)"),
        ]
        let stamp = ICSText.utc(now)
        for week in weeks.sorted(by: { $0.start < $1.start }) {
            for s in week.sessions.sorted(by: {
                ($0.date, $0.order, $0.id) < ($1.date, $1.order, $1.id)
            }) {
                lines += event(s, week: week, athlete: athlete, zone: zone, stamp: stamp)
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICSText.fold).joined()
    }

    static func event(
        _ s: PlannedSession, week: ProgramWeek, athlete: String, zone: TimeZone, stamp: String
    ) -> [String] {
        var lines = [
            "BEGIN:VEVENT", "UID:" + ICSText.escape("\(s.id).\(athlete)@coach"), "DTSTAMP:" + stamp,
        ]
        if let time = s.time, let secs = PlanRules.secondsSinceMidnight(time) {
            let start = s.date.instant(secondsSinceMidnight: secs, in: zone)
            lines.append("DTSTART:" + ICSText.utc(start))
            lines.append(
                "DTEND:" + ICSText.utc(start.addingTimeInterval(s.plannedDurationS ?? 3600)))
        } else {
            lines.append("DTSTART;VALUE=DATE:" + ICSText.date(s.date))
            lines.append("DTEND;VALUE=DATE:" + ICSText.date(s.date.adding(days: 1)))
            lines.append("TRANSP:TRANSPARENT")
        }
        lines.append("SUMMARY:" + ICSText.escape(s.title))
        let description = describe(s, week: week)
        if !description.isEmpty { lines.append("DESCRIPTION:" + ICSText.escape(description)) }
        if let sport = s.sport { lines.append("CATEGORIES:" + ICSText.escape(sport.rawValue)) }
        lines.append("END:VEVENT")
        return lines
    }

    /// The event's description: detail, notes, what is planned and the week.
    static func describe(_ s: PlannedSession, week: ProgramWeek) -> String {
        var parts: [String] = []
        if let d = s.detail { parts.append(d) }
        if let n = s.notes { parts.append(n) }
        var planned: [String] = []
        if let sport = s.sport { planned.append(sport.rawValue) }
        if let d = s.plannedDurationS { planned.append(DurationParser.format(Int(d.rounded()))) }
        if let t = s.plannedTss { planned.append("\(PlanCSV.number(t)) TSS") }
        if !planned.isEmpty { parts.append("Planned: " + planned.joined(separator: ", ")) }
        if !s.targets.isEmpty {
            parts.append("Targets: " + s.targets.map(\.rawValue).joined(separator: ", "))
        }
        if let t = week.title { parts.append("Week: " + t) }
        return parts.joined(separator: "\n")
    }
}
