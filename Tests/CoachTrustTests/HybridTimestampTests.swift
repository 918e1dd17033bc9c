import CoachTrust
import Testing

/// The hybrid logical clock: local ticks, received values and the future-skew cap.
@Suite struct HybridTimestampTests {
    static let day = HybridTimestamp.futureSkewCap

    /// (last ms, last counter, now) → (ms, counter) of the next local value.
    static let ticks: [(Int64, UInt16, Int64, Int64, UInt16)] = [
        (1_000, 0, 2_000, 2_000, 0),  // the wall clock is ahead: it wins, counter reset
        (1_000, 4, 1_000, 1_000, 5),  // same millisecond: the counter advances
        (5_000, 2, 1_000, 5_000, 3),  // the wall clock went back: the clock does not
        (5_000, .max, 1_000, 5_001, 0),  // a full counter moves on a millisecond
        (0, 0, 0, 0, 1),
    ]

    @Test("A local change gets max(now, last), the counter breaking ties", arguments: ticks)
    func tick(row: (Int64, UInt16, Int64, Int64, UInt16)) {
        let last = HybridTimestamp(milliseconds: row.0, counter: row.1)
        let next = last.next(now: row.2)
        #expect(next.milliseconds == row.3 && next.counter == row.4)
        #expect(next > last)
    }

    /// (local ms, remote ms, now) → (clock ms, flagged).
    static let receipts: [(Int64, Int64, Int64, Int64, Bool)] = [
        (5_000, 3_000, 5_000, 5_000, false),  // older remote: the clock stays
        (5_000, 9_000, 5_000, 9_000, false),  // newer remote within the cap: adopted
        (5_000, 5_000 + day, 5_000, 5_000 + day, false),  // exactly at the cap: adopted
        (5_000, 5_001 + day, 5_000, 5_000 + day, true),  // beyond: capped and flagged
        (5_000, 900 * day, 5_000, 5_000 + day, true),  // far beyond: capped and flagged
    ]

    @Test("A received clock moves the local one forward, at most 24 h ahead", arguments: receipts)
    func receive(row: (Int64, Int64, Int64, Int64, Bool)) {
        let local = HybridTimestamp(milliseconds: row.0, counter: 0)
        let remote = HybridTimestamp(milliseconds: row.1, counter: 0)
        let received = local.receiving(remote, now: row.2)
        #expect(received.clock.milliseconds == row.3)
        #expect(received.remoteTooFarAhead == row.4)
        #expect(received.clock >= local)
    }

    @Test("A device far in the future cannot win against later honest changes for ever")
    func capBoundsTheFuture() {
        let now: Int64 = 1_764_000_000_000
        let wrong = HybridTimestamp(milliseconds: now + 365 * Self.day, counter: 0)
        let clock = HybridTimestamp(milliseconds: now, counter: 0).receiving(wrong, now: now).clock
        // A day and a millisecond later, an honest local change is ahead of the capped clock.
        let later = clock.next(now: now + Self.day + 1)
        #expect(later > clock && later.milliseconds == now + Self.day + 1)
        #expect(wrong.isAhead(of: now) && !later.isAhead(of: now + Self.day + 1))
    }

    static let packings: [(Int64, UInt16)] = [
        (0, 0), (1, 0), (0, 1), (1_764_000_000_000, 77), (HybridTimestamp.maxMilliseconds, .max),
    ]

    @Test("The packed form round-trips and sorts as (milliseconds, counter)", arguments: packings)
    func packing(row: (Int64, UInt16)) {
        let value = HybridTimestamp(milliseconds: row.0, counter: row.1)
        #expect(HybridTimestamp(packed: value.packed) == value)
        #expect(value.milliseconds == row.0 && value.counter == row.1)
        if row.1 < .max {
            #expect(value < HybridTimestamp(milliseconds: row.0, counter: row.1 + 1))
        }
        if row.0 < HybridTimestamp.maxMilliseconds {
            #expect(value < HybridTimestamp(milliseconds: row.0 + 1, counter: 0))
        }
    }
}
