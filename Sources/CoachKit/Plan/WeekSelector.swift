import Foundation

/// Resolves what users type to name a program week into the week's Monday.
///
/// A week is always Monday to Sunday and is named by its Monday; any day inside it names it too.
/// Because `LocalDay` is a plain day count, the result never depends on daylight-saving changes:
/// only "today" does, and the caller computes that in the athlete's own time zone.
public enum WeekSelector {
    /// The Monday of the week `text` names.
    ///
    /// - Parameters:
    ///   - text: `current` (or `this`), `next`, `previous` (or `last`), or any day expression
    ///     (`today`, `-3d`, `YYYY-MM-DD`).
    ///   - today: the current day in the athlete's time zone.
    /// - Returns: the Monday of that week.
    /// - Throws: `CoachKitError.invalidDay` when the text names no day.
    public static func monday(_ text: String, today: LocalDay) throws -> LocalDay {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "current", "this": return today.monday
        case "next": return today.monday.adding(days: 7)
        case "previous", "last", "prev": return today.monday.adding(days: -7)
        default: return try DayExpression.parse(text, today: today).monday
        }
    }
}
