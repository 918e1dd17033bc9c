import Foundation

/// RMSSD from the beat list of an Apple Health HRV record.
///
/// Each `InstantaneousBeatsPerMinute` entry is one heartbeat: its time of day to the hundredth of a
/// second and a whole-number heart rate. The intervals come from the timestamps, whose 10 ms
/// resolution holds at every heart rate, rather than from 60000 / bpm, whose whole-number steps are
/// 16.7 ms at 60 bpm and 29.6 ms at 45 bpm (the resting rates of endurance athletes). The bpm
/// only checks each interval: one that disagrees with both of its beats' rates by more than 20 %
/// spans an unrecorded or extra beat, and the successive differences do not cross it.
enum BeatList {
    /// One heartbeat of the list.
    struct Beat: Equatable, Sendable {
        /// The instantaneous heart rate the export gives for the beat, in beats per minute.
        var bpm: Double
        /// Seconds since midnight of the beat's time of day.
        var time: Double
    }

    /// How far an interval may be from 60000 / bpm of one of its beats, as a fraction.
    static let tolerance = 0.2

    /// The beat-to-beat intervals in ms, `nil` where the interval is rejected.
    ///
    /// A time earlier than the previous beat's is taken to be after midnight.
    static func intervals(_ beats: [Beat]) -> [Double?] {
        guard beats.count > 1 else { return [] }
        return (1..<beats.count).map { i in
            var seconds = beats[i].time - beats[i - 1].time
            if seconds < 0 { seconds += 86_400 }
            let ms = (seconds * 1000).rounded()
            guard ms >= 250, ms <= 2500 else { return nil }
            return fits(ms, beats[i - 1].bpm) || fits(ms, beats[i].bpm) ? ms : nil
        }
    }

    /// Whether an interval of `ms` is within the tolerance of 60000 / `bpm`.
    static func fits(_ ms: Double, _ bpm: Double) -> Bool {
        guard bpm > 0 else { return false }
        let expected: Double = 60_000 / bpm
        return abs(ms - expected) <= tolerance * expected
    }

    /// The root mean square of successive differences of the accepted intervals, in ms rounded
    /// to 0.01.
    ///
    /// - Returns: `nil` with fewer than two successive differences between accepted intervals.
    static func rmssd(_ beats: [Beat]) -> Double? {
        let rr = intervals(beats)
        var sum = 0.0
        var count = 0
        for i in rr.indices.dropFirst() {
            guard let a = rr[i - 1], let b = rr[i] else { continue }
            sum += (b - a) * (b - a)
            count += 1
        }
        guard count >= 2 else { return nil }
        return ((sum / Double(count)).squareRoot() * 100).rounded() / 100
    }
}
