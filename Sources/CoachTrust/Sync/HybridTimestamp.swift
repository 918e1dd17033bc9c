/// A hybrid logical clock value: 48 bits of Unix milliseconds and a 16-bit counter, packed
/// into one `UInt64` that sorts as the clock does.
///
/// Each replica keeps the last value it issued or received. A local change takes
/// `max(now, last)` and advances the counter on a tie (`next(now:)`); a received change moves
/// the clock forward (`receiving(_:now:)`), but never beyond `now + futureSkewCap`, so one
/// device with a clock far in the future cannot win every later contest. Ties between equal
/// values break on the device id, outside this type.
public struct HybridTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The packed value: milliseconds in the high 48 bits, the counter in the low 16.
    public let packed: UInt64

    /// How far ahead of the local clock a received value may move it: 24 hours.
    public static let futureSkewCap: Int64 = 24 * 3_600_000

    /// The largest millisecond value 48 bits hold (the year 10889).
    public static let maxMilliseconds: Int64 = (1 << 48) - 1

    /// The clock before any change.
    public static let zero = HybridTimestamp(packed: 0)

    /// The value as packed on the wire or on disk.
    public init(packed: UInt64) { self.packed = packed }

    /// The value of `milliseconds` (clamped to 0…2⁴⁸−1) and `counter`.
    public init(milliseconds: Int64, counter: UInt16) {
        let ms = UInt64(max(0, min(milliseconds, Self.maxMilliseconds)))
        packed = ms << 16 | UInt64(counter)
    }

    /// The Unix milliseconds part.
    public var milliseconds: Int64 { Int64(packed >> 16) }

    /// The counter part.
    public var counter: UInt16 { UInt16(truncatingIfNeeded: packed) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.packed < rhs.packed }

    public var description: String { "\(milliseconds).\(counter)" }

    /// The value a local change made at `now` (Unix milliseconds) gets, after this one.
    ///
    /// The wall clock when it is ahead, else this value's milliseconds with the counter
    /// advanced (a full counter moves on to the next millisecond).
    public func next(now: Int64) -> HybridTimestamp {
        if now > milliseconds { return HybridTimestamp(milliseconds: now, counter: 0) }
        return successor
    }

    /// The clock after receiving `remote` at `now`, and whether `remote` is further ahead of
    /// `now` than `futureSkewCap` (its device's clock is wrong).
    ///
    /// The clock moves to the later of itself and `remote`, but no further than
    /// `now + futureSkewCap`; a value beyond the cap is still a valid change, only flagged.
    public func receiving(_ remote: HybridTimestamp, now: Int64) -> Received {
        let cap = HybridTimestamp(milliseconds: now + Self.futureSkewCap, counter: .max)
        let flagged = remote.isAhead(of: now)
        return Received(clock: max(self, min(remote, cap)), remoteTooFarAhead: flagged)
    }

    /// Whether this value is more than `futureSkewCap` ahead of `now`.
    public func isAhead(of now: Int64) -> Bool {
        milliseconds > now + Self.futureSkewCap
    }

    /// The next value: the counter advanced, or the next millisecond when it is full.
    var successor: HybridTimestamp {
        if counter == .max {
            return HybridTimestamp(milliseconds: milliseconds + 1, counter: 0)
        }
        return HybridTimestamp(packed: packed + 1)
    }

    /// What receiving a remote value gives.
    public struct Received: Equatable, Sendable {
        /// The local clock after receiving.
        public let clock: HybridTimestamp
        /// Whether the remote value was beyond the future-skew cap.
        public let remoteTooFarAhead: Bool
    }
}
