import CoachKit
import Foundation

/// Parses the date forms device files use straight from bytes.
enum DateBytes {
    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func digits(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ n: Int) -> Int? {
        var v = 0
        for k in i..<(i + n) {
            let c = b[k]
            guard c >= 0x30, c <= 0x39 else { return nil }
            v = v * 10 + Int(c - 0x30)
        }
        return v
    }

    /// `yyyy-MM-dd HH:mm:ss ±hhmm` (Apple Health), also with `T` and `±hh:mm` or `Z`.
    ///
    /// - Returns: the instant and the wall-clock day it names, or `nil`.
    static func appleDate(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>)
        -> (Instant, LocalDay)?
    {
        let i = r.lowerBound
        guard r.count >= 19, let y = digits(b, i, 4), b[i + 4] == 0x2D,
            let mo = digits(b, i + 5, 2),
            b[i + 7] == 0x2D, let d = digits(b, i + 8, 2), let h = digits(b, i + 11, 2),
            b[i + 13] == 0x3A, let mi = digits(b, i + 14, 2), b[i + 16] == 0x3A,
            let s = digits(b, i + 17, 2), (1...12).contains(mo), (1...31).contains(d), h < 24,
            mi < 60, s < 61
        else { return nil }
        var j = i + 19
        var frac = 0.0
        if j < r.upperBound, b[j] == 0x2E {
            var scale = 0.1
            j += 1
            while j < r.upperBound, b[j] >= 0x30, b[j] <= 0x39 {
                frac += Double(b[j] - 0x30) * scale; scale /= 10; j += 1
            }
        }
        while j < r.upperBound, b[j] == 0x20 { j += 1 }
        var offset = 0
        if j < r.upperBound, b[j] == 0x5A {
            j += 1
        } else if j < r.upperBound, b[j] == 0x2B || b[j] == 0x2D {
            let sign = b[j] == 0x2D ? -1 : 1
            guard j + 3 <= r.upperBound, let oh = digits(b, j + 1, 2) else { return nil }
            var k = j + 3
            if k < r.upperBound, b[k] == 0x3A { k += 1 }
            guard k + 2 <= r.upperBound, let om = digits(b, k, 2) else { return nil }
            offset = sign * (oh * 3600 + om * 60)
            j = k + 2
        } else {
            return nil
        }
        guard j == r.upperBound, let day = LocalDay(year: y, month: mo, day: d) else { return nil }
        let local = daysFromCivil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s
        return (
            Instant(epochSeconds: Double(local - offset) + frac, offsetSeconds: offset), day
        )
    }

    /// A time of day such as `7:25:41.23 PM`, `19:25:41,23` or `07:25`, in seconds since midnight.
    static func timeOfDay(_ text: String) -> Double? {
        let upper = text.uppercased()
        let pm = upper.contains("PM") || upper.contains("P.M.")
        let am = upper.contains("AM") || upper.contains("A.M.")
        let core = upper.filter { $0.isNumber || $0 == ":" || $0 == "." || $0 == "," }
        let parts = core.replacingOccurrences(of: ",", with: ".").split(separator: ":")
        guard parts.count >= 2, var h = Double(parts[0]), let m = Double(parts[1]) else {
            return nil
        }
        let s = parts.count > 2 ? Double(parts[2]) ?? 0 : 0
        if pm, h < 12 { h += 12 }
        if am, h == 12 { h = 0 }
        guard h < 24, m < 60, s < 61 else { return nil }
        return h * 3600 + m * 60 + s
    }
}
