import CoachKit

/// Periods of the chunked snapshot: calendar months of the record day.
public enum SnapshotPeriod {
    /// The period of the profile (and of any record without a day).
    public static let profile = 0

    /// The month of a record day `YYYY-MM-DD` (year · 12 + month − 1); the profile's for "".
    public static func of(day: String) -> Int {
        guard let d = LocalDay(day) else { return profile }
        return of(d)
    }

    /// The month of `day`.
    public static func of(_ day: LocalDay) -> Int {
        let c = day.components
        return c.year * 12 + c.month - 1
    }

    /// The last day of the month before the month of `day`.
    public static func endOfPreviousMonth(_ day: LocalDay) -> LocalDay {
        day.adding(days: -day.components.day)
    }
}
