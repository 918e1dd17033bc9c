import Foundation

/// Parses the wall-clock times users type for log entries: `HH:MM`, or a day and a time.
public enum WallTime {
    /// Resolves `text` to an instant in `zone`.
    ///
    /// `HH:MM` is taken on `day`; `DAY HH:MM` (where DAY is any `DayExpression`, e.g.
    /// `2026-11-24 07:00` or `yesterday 07:00`) on that day, resolved against `today`.
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - day: the day a bare `HH:MM` belongs to.
    ///   - today: the current day in `zone`, for relative day expressions.
    ///   - zone: the athlete's time zone.
    /// - Throws: `CoachKitError.invalidInstant` or `.invalidDay` for anything else.
    public static func parse(_ text: String, on day: LocalDay, today: LocalDay, zone: TimeZone)
        throws -> Instant
    {
        let parts = text.split(separator: " ")
        guard (1...2).contains(parts.count) else { throw CoachKitError.invalidInstant(text) }
        let onDay = parts.count == 2 ? try DayExpression.parse(String(parts[0]), today: today) : day
        let hm = parts[parts.count - 1].split(separator: ":", omittingEmptySubsequences: false)
        guard hm.count == 2, hm[0].count <= 2, hm[1].count == 2, let h = Int(hm[0]),
            let m = Int(hm[1]),
            (0..<24).contains(h), (0..<60).contains(m)
        else {
            throw CoachKitError.invalidInstant(text)
        }
        return Instant(
            date: onDay.instant(secondsSinceMidnight: h * 3600 + m * 60, in: zone), timeZone: zone)
    }

    /// The same wall-clock time as `instant`, moved to `day` (in `zone`).
    public static func move(_ instant: Instant, to day: LocalDay, zone: TimeZone) -> Instant {
        let seconds = instant.secondsSinceMidnight(in: zone)
        return Instant(date: day.instant(secondsSinceMidnight: seconds, in: zone), timeZone: zone)
    }
}
