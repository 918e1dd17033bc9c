import Foundation

/// A moment in time together with the UTC offset it was recorded with.
///
/// The interchange format writes instants as ISO 8601 with an offset
/// (`2026-11-24T07:00:00+01:00`). Keeping the offset makes export → import → export
/// byte-identical and lets a log show the wall-clock time the athlete saw.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let epochSeconds: Double
    /// The recorded offset from UTC, in seconds.
    public let offsetSeconds: Int

    public init(epochSeconds: Double, offsetSeconds: Int) {
        self.epochSeconds = epochSeconds
        self.offsetSeconds = offsetSeconds
    }

    /// The instant of `date`, written with the offset `timeZone` has at that moment.
    public init(date: Date, timeZone: TimeZone) {
        self.init(
            epochSeconds: date.timeIntervalSince1970,
            offsetSeconds: timeZone.secondsFromGMT(for: date))
    }

    public var date: Date { Date(timeIntervalSince1970: epochSeconds) }

    /// The athlete-local day of this instant.
    public func day(in timeZone: TimeZone) -> LocalDay { LocalDay(date: date, timeZone: timeZone) }

    /// Seconds since local midnight in `timeZone` (wall clock).
    public func secondsSinceMidnight(in timeZone: TimeZone) -> Int {
        let local = Int((epochSeconds + Double(timeZone.secondsFromGMT(for: date))).rounded(.down))
        let r = local % 86_400
        return r < 0 ? r + 86_400 : r
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by `Z` or `±HH:MM`; `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        let b = Array(text.utf8)
        guard b.count >= 17, let day = LocalDay(String(decoding: b[0..<10], as: UTF8.self)),
            b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " "),
            b[13] == UInt8(ascii: ":"),
            let hh = LocalDay.digits(b[11..<13]), let mm = LocalDay.digits(b[14..<16]),
            hh < 24, mm < 60
        else { return nil }
        var i = 16
        var seconds = 0.0
        if i < b.count, b[i] == UInt8(ascii: ":") {
            guard i + 3 <= b.count, let ss = LocalDay.digits(b[(i + 1)..<(i + 3)]), ss < 61 else {
                return nil
            }
            seconds = Double(ss)
            i += 3
            if i < b.count, b[i] == UInt8(ascii: ".") {
                var j = i + 1
                var scale = 0.1
                while j < b.count, b[j] >= 48, b[j] <= 57 {
                    seconds += Double(b[j] - 48) * scale
                    scale /= 10
                    j += 1
                }
                guard j > i + 1 else { return nil }
                i = j
            }
        }
        let offset: Int
        if i == b.count - 1, b[i] == UInt8(ascii: "Z") {
            offset = 0
        } else if i + 6 == b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"),
            b[i + 3] == UInt8(ascii: ":"),
            let oh = LocalDay.digits(b[(i + 1)..<(i + 3)]),
            let om = LocalDay.digits(b[(i + 4)..<(i + 6)]),
            oh <= 18, om < 60
        {
            offset = (b[i] == UInt8(ascii: "-") ? -1 : 1) * (oh * 3600 + om * 60)
        } else {
            return nil
        }
        let local = Double(day.ordinal * 86_400 + hh * 3600 + mm * 60) + seconds
        self.init(epochSeconds: local - Double(offset), offsetSeconds: offset)
    }

    public var description: String {
        let local = epochSeconds + Double(offsetSeconds)
        let whole = local.rounded(.down)
        var millis = Int(((local - whole) * 1000).rounded())
        var secs = Int(whole)
        if millis == 1000 { millis = 0; secs += 1 }
        let dayOrdinal = secs >= 0 ? secs / 86_400 : (secs - 86_399) / 86_400
        let sod = secs - dayOrdinal * 86_400
        var out = LocalDay(ordinal: dayOrdinal).description + "T"
        out +=
            LocalDay.pad(sod / 3600, 2) + ":" + LocalDay.pad(sod % 3600 / 60, 2) + ":"
            + LocalDay.pad(sod % 60, 2)
        if millis != 0 { out += "." + LocalDay.pad(millis, 3) }
        if offsetSeconds == 0 { return out + "Z" }
        let a = abs(offsetSeconds)
        return out + (offsetSeconds < 0 ? "-" : "+") + LocalDay.pad(a / 3600, 2) + ":"
            + LocalDay.pad(a % 3600 / 60, 2)
    }

    public static func < (a: Instant, b: Instant) -> Bool { a.epochSeconds < b.epochSeconds }
}

extension Instant: Codable {
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let value = Instant(text) else {
            throw DecodingError.dataCorruptedError(
                in: c,
                debugDescription:
                    "'\(text)' is not an instant; use ISO 8601 with an offset, e.g. 2026-11-24T07:00:00+01:00"
            )
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
