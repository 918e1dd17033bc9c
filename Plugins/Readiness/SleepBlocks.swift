import CoachKit
import Foundation

/// Merged sleep blocks, and the main block of a night.
///
/// Records of the stages `asleep`, `core`, `deep` and `rem` that overlap or touch merge into one
/// block. The main block of the night before day d is the longest block after clipping to 14:00 of
/// d − 1 … 10:00 of d (wall clock in the athlete's zone); ties go to the earlier block.
public struct SleepBlocks: Sendable, Equatable {
    /// Disjoint blocks as epoch-second intervals, sorted by start.
    public let blocks: [ClosedRange<Double>]

    /// Merges the asleep records of `records`.
    public init(_ records: [SleepRecord]) {
        let asleep: Set<SleepRecord.Stage> = [.asleep, .core, .deep, .rem]
        let spans = records.filter {
            asleep.contains($0.stage) && $0.end.epochSeconds >= $0.start.epochSeconds
        }
        .map { $0.start.epochSeconds...$0.end.epochSeconds }
        .sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Double>] = []
        for s in spans {
            if let last = merged.last, s.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, s.upperBound)
            } else {
                merged.append(s)
            }
        }
        blocks = merged
    }

    /// The window searched for the night before `day`: 14:00 of the previous day to 10:00 of `day`.
    public static func nightWindow(before day: LocalDay, zone: TimeZone) -> ClosedRange<Double> {
        let start = day.adding(days: -1).instant(secondsSinceMidnight: 14 * 3600, in: zone)
            .timeIntervalSince1970
        let end = day.instant(secondsSinceMidnight: 10 * 3600, in: zone).timeIntervalSince1970
        return start...end
    }

    /// The main sleep block of the night before `day`, clipped to the night window.
    ///
    /// - Returns: `nil` when no block overlaps the window for a positive length.
    public func mainBlock(before day: LocalDay, zone: TimeZone) -> ClosedRange<Double>? {
        mainBlock(in: Self.nightWindow(before: day, zone: zone))
    }

    /// The main sleep block of the night before `day`, using a prepared zone table.
    public func mainBlock(before day: LocalDay, days: ZoneDays) -> ClosedRange<Double>? {
        mainBlock(
            in: days.epoch(
                of: day.adding(days: -1), secondsSinceMidnight: 14 * 3600)...days.epoch(
                    of: day, secondsSinceMidnight: 10 * 3600))
    }

    /// The longest block clipped to `w`, ties to the earlier one.
    func mainBlock(in w: ClosedRange<Double>) -> ClosedRange<Double>? {
        var lo = 0, hi = blocks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if blocks[mid].upperBound < w.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        var best: ClosedRange<Double>?
        var i = lo
        while i < blocks.count, blocks[i].lowerBound <= w.upperBound {
            let a = max(blocks[i].lowerBound, w.lowerBound),
                b = min(blocks[i].upperBound, w.upperBound)
            if b > a, b - a > (best.map { $0.upperBound - $0.lowerBound } ?? 0) { best = a...b }
            i += 1
        }
        return best
    }
}
