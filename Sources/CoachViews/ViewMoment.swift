import CoachKit
import Foundation

/// The day a view shows for one athlete, and the "now" its providers see.
///
/// Days are the athlete's own: at the same instant, a coach's athletes in different time zones
/// may be on different calendar days.
public struct ViewMoment: Sendable, Equatable {
    public let day: LocalDay
    /// The current instant when `day` is the athlete's today; nil for a past day (providers
    /// then use 23:59:59 of that day).
    public let now: Date?

    public init(day: LocalDay, now: Date?) { self.day = day; self.now = now }

    /// Resolves a `--date` expression for an athlete in `zone`.
    ///
    /// - Parameters:
    ///   - expression: `today`, `yesterday`, `-3d` or `YYYY-MM-DD`; nil means today.
    ///   - now: the current instant (from the command's clock).
    ///   - zone: the athlete's time zone.
    /// - Throws: `CoachKitError` for an unreadable or future day.
    public static func resolve(_ expression: String?, now: Date, zone: TimeZone) throws
        -> ViewMoment
    {
        let today = LocalDay(date: now, timeZone: zone)
        let day = try DayExpression.parse(expression ?? "today", today: today)
        guard day <= today else {
            throw CoachKitError.outOfRange(field: .parameter(.date), range: "today or earlier")
        }
        return ViewMoment(day: day, now: day == today ? now : nil)
    }
}
