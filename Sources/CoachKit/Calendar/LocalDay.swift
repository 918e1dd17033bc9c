import Foundation

/// A calendar day in an athlete's own time zone, such as `2026-11-24`.
///
/// Stored as the number of days since 1970-01-01 in the proleptic Gregorian calendar, so
/// arithmetic, comparison and week grouping are integer operations that no time zone or
/// daylight-saving change can disturb. Encodes to and from the `YYYY-MM-DD` string of the
/// interchange format.
public struct LocalDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let ordinal: Int

    /// Creates a day from its ordinal (days since 1970-01-01).
    public init(ordinal: Int) { self.ordinal = ordinal }

    /// Creates a day from year, month (1–12) and day of month, or `nil` when no such day exists.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDay.daysIn(month: month, year: year),
            (1...9999).contains(year)
        else { return nil }
        self.ordinal = LocalDay.ordinal(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD`; returns `nil` for anything else, including impossible dates.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let y = LocalDay.digits(bytes[0..<4]), let m = LocalDay.digits(bytes[5..<7]),
            let d = LocalDay.digits(bytes[8..<10])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The day that contains `date` in `timeZone`.
    public init(date: Date, timeZone: TimeZone) {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = Int((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
        self.ordinal = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }

    /// Year, month and day of month.
    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// ISO weekday: Monday 1 … Sunday 7.
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        let r = (ordinal + 3) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    /// The English three-letter weekday name: Mon … Sun.
    public var weekdayName: String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][isoWeekday - 1]
    }

    /// The Monday of the Monday–Sunday week holding this day.
    public var monday: LocalDay { adding(days: 1 - isoWeekday) }

    /// The day `n` days later (earlier for negative `n`).
    public func adding(days n: Int) -> LocalDay { LocalDay(ordinal: ordinal + n) }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDay) -> Int { other.ordinal - ordinal }

    /// The instant this day starts (local midnight) in `timeZone`.
    public func start(in timeZone: TimeZone) -> Date {
        instant(secondsSinceMidnight: 0, in: timeZone)
    }

    /// The instant at a wall-clock time of this day in `timeZone`.
    ///
    /// Wall-clock times skipped by a daylight-saving jump resolve to the later offset.
    public func instant(secondsSinceMidnight s: Int, in timeZone: TimeZone) -> Date {
        let naive = Date(timeIntervalSince1970: Double(ordinal * 86_400 + s))
        let guess = naive.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: naive)))
        let offset = timeZone.secondsFromGMT(for: guess)
        return naive.addingTimeInterval(-Double(offset))
    }

    public var description: String {
        let c = components
        return LocalDay.pad(c.year, 4) + "-" + LocalDay.pad(c.month, 2) + "-"
            + LocalDay.pad(c.day, 2)
    }

    public static func < (a: LocalDay, b: LocalDay) -> Bool { a.ordinal < b.ordinal }

    static func ordinal(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for b in bytes {
            guard b >= 48, b <= 57 else { return nil }
            value = value * 10 + Int(b - 48)
        }
        return value
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}

extension LocalDay: Codable {
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let day = LocalDay(text) else {
            throw DecodingError.dataCorruptedError(
                in: c, debugDescription: "'\(text)' is not a day; use YYYY-MM-DD")
        }
        self = day
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
