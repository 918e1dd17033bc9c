import Foundation

/// Fast conversion between instants and local days for one time zone over a span of time.
///
/// Asking `TimeZone` for an offset costs a trip through ICU; a metric that walks years of records
/// asks thousands of times. This table holds the zone's offset transitions over the span once, so
/// each lookup is a binary search over a handful of entries. Outside the span, or for a zone whose
/// transitions cannot be verified, it asks the `TimeZone` directly, so answers are always the same
/// as `LocalDay(date:timeZone:)` and `LocalDay.instant(secondsSinceMidnight:in:)`.
public struct ZoneDays: Sendable {
    public let zone: TimeZone
    /// Epoch seconds where each offset segment starts; `offsets[i]` holds from `starts[i]`.
    private let starts: [Double]
    private let offsets: [Int]
    private let lower: Double
    private let upper: Double

    /// A table for `zone` covering `from ... through` (epoch seconds), padded by two days each side.
    public init(zone: TimeZone, from: Double, through: Double) {
        self.zone = zone
        let lo = from - 2 * 86_400, hi = through + 2 * 86_400
        var starts: [Double] = [], offsets: [Int] = []
        if lo.isFinite, hi.isFinite, lo <= hi {
            starts = [lo]
            offsets = [zone.secondsFromGMT(for: Date(timeIntervalSince1970: lo))]
            var t = Date(timeIntervalSince1970: lo)
            while starts.count < 4096, let next = zone.nextDaylightSavingTimeTransition(after: t),
                next > t, next.timeIntervalSince1970 <= hi
            {
                starts.append(next.timeIntervalSince1970)
                offsets.append(zone.secondsFromGMT(for: next))
                t = next
            }
            // Check every segment at both ends; any surprise disables the table.
            for i in starts.indices {
                let end = i + 1 < starts.count ? starts[i + 1] - 1 : hi
                if zone.secondsFromGMT(for: Date(timeIntervalSince1970: end)) != offsets[i] {
                    starts = []; break
                }
            }
        }
        self.starts = starts
        self.offsets = starts.isEmpty ? [] : offsets
        self.lower = starts.isEmpty ? .infinity : lo
        self.upper = starts.isEmpty ? -.infinity : hi
    }

    /// A table for `zone` covering `instants` (empty: no table, direct lookups).
    public init(zone: TimeZone, spanning instants: [Instant]) {
        self.init(zone: zone, spanning: instants) { $0 }
    }

    /// A table for `zone` covering the instant `instant` picks from each of `items`.
    ///
    /// - Parameters:
    ///   - zone: the time zone.
    ///   - items: records holding instants (workouts, samples…).
    ///   - instant: reads a record's instant.
    public init<T>(zone: TimeZone, spanning items: [T], _ instant: (T) -> Instant) {
        var lo = Double.infinity, hi = -Double.infinity
        for i in items.indices {
            let t = instant(items[i]).epochSeconds
            if t < lo { lo = t }
            if t > hi { hi = t }
        }
        self.init(zone: zone, from: lo, through: hi)
    }

    /// Whether lookups use the transition table (false: every lookup asks the zone).
    public var isTabulated: Bool { !starts.isEmpty }

    /// The UTC offset in force at `epoch` seconds.
    public func offset(atEpoch epoch: Double) -> Int {
        guard epoch >= lower, epoch < upper else {
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: epoch))
        }
        var lo = 0, hi = starts.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if starts[mid] <= epoch { lo = mid } else { hi = mid }
        }
        return offsets[lo]
    }

    /// The local day holding `instant`.
    public func day(of instant: Instant) -> LocalDay { day(atEpoch: instant.epochSeconds) }

    /// The local day holding `epoch` seconds.
    public func day(atEpoch epoch: Double) -> LocalDay {
        let local = Int((epoch + Double(offset(atEpoch: epoch))).rounded(.down))
        return LocalDay(ordinal: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    }

    /// Epoch seconds of a wall-clock time of `day` (skipped times resolve to the later offset).
    public func epoch(of day: LocalDay, secondsSinceMidnight s: Int) -> Double {
        let naive = Double(day.ordinal * 86_400 + s)
        let guess = naive - Double(offset(atEpoch: naive))
        return naive - Double(offset(atEpoch: guess))
    }
}
