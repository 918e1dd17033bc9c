import Foundation

/// Parses the day expressions users type: `today`, `yesterday`, `tomorrow`, `-3d`, `+2d`, `YYYY-MM-DD`.
public enum DayExpression {
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
        throw CoachKitError.invalidDay(text)
    }
}
