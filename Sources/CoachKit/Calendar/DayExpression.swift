import Foundation

/// Parses the day expressions users type: `today`, `yesterday`, `tomorrow`, `-3d`, `+2d`,
/// `YYYY-MM-DD`, and weekday names.
///
/// Weeks run Monday to Sunday, as program weeks do: `mon` … `sun` (or `monday` … `sunday`) name
/// that day of the current week, `next-mon` that day of next week and `last-fri` (or
/// `prev-fri`) that day of the previous week.
public enum DayExpression {
    /// The weekday names accepted, Monday first; three-letter prefixes are enough.
    static let weekdays = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]

    /// Resolves `text` against `today`.
    ///
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - today: the current day in the athlete's time zone.
    /// - Returns: the day meant.
    /// - Throws: `CoachKitError.invalidDay` when the text is none of the accepted forms.
    public static func parse(_ text: String, today: LocalDay) throws -> LocalDay {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch t {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default: break
        }
        if let day = LocalDay(t) { return day }
        if t.count >= 3, t.hasSuffix("d"), let sign = t.first, sign == "-" || sign == "+",
            let n = Int(t.dropFirst().dropLast()), n >= 0, n <= 36_500
        {
            return today.adding(days: sign == "-" ? -n : n)
        }
        if let day = weekday(t, today: today) { return day }
        throw CoachKitError.invalidDay(text)
    }

    /// `mon`, `next-mon`, `last-fri`: a weekday of the current, next or previous week.
    static func weekday(_ t: String, today: LocalDay) -> LocalDay? {
        var name = Substring(t)
        var weeks = 0
        for (prefix, shift) in [("next-", 1), ("last-", -1), ("prev-", -1), ("this-", 0)]
        where name.hasPrefix(prefix) {
            name = name.dropFirst(prefix.count)
            weeks = shift
        }
        guard name.count >= 3,
            let index = weekdays.firstIndex(where: { $0.hasPrefix(name) })
        else { return nil }
        return today.monday.adding(days: 7 * weeks + index)
    }
}
