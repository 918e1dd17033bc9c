import Foundation

/// Turns a recorded power stream into an even 1 Hz series, and computes Normalized Power from it.
///
/// Lives in CoachKit because more than one provider needs the same resampling (training load for
/// NP, nutrition for the work done in kJ), and providers may only share code through CoachKit.
public enum PowerStream {
    /// Gaps between recorded samples up to this many seconds are interpolated; longer ones are 0 W.
    public static let maxInterpolatedGap = 25.0

    /// Resamples `values` (one every `intervalS` seconds, `nil` for dropouts) to one value a second.
    ///
    /// Second `s` takes the recorded sample at `s`, or the straight line between the recorded
    /// samples around it when they are at most 25 s apart, else 0 W. Seconds before the first and
    /// after the last recorded sample are 0 W. The series covers the longer of `durationS` and the
    /// stream itself.
    ///
    /// - Parameters:
    ///   - values: the recorded stream.
    ///   - intervalS: seconds between stream entries (> 0).
    ///   - durationS: the workout's elapsed seconds, if known.
    /// - Returns: the 1 Hz series, or `nil` when nothing was recorded.
    public static func resampled(_ values: [Double?], intervalS: Double, durationS: Double?)
        -> [Double]?
    {
        guard intervalS > 0, intervalS.isFinite else { return nil }
        var times: [Double] = []
        var powers: [Double] = []
        times.reserveCapacity(values.count)
        powers.reserveCapacity(values.count)
        for (i, v) in values.enumerated() {
            if let v, v.isFinite { times.append(Double(i) * intervalS); powers.append(v) }
        }
        guard !times.isEmpty else { return nil }
        let streamLength = Int((Double(values.count - 1) * intervalS).rounded(.down)) + 1
        let length = max(streamLength, Int((durationS ?? 0).rounded()))
        var out = [Double](repeating: 0, count: length)
        var next = 0  // index of the first recorded sample with time >= s
        for s in 0..<length {
            let t = Double(s)
            while next < times.count, times[next] < t { next += 1 }
            if next < times.count, times[next] == t { out[s] = powers[next]; continue }
            guard next > 0, next < times.count else { continue }
            let (t0, t1) = (times[next - 1], times[next])
            guard t1 - t0 <= maxInterpolatedGap else { continue }
            let (p0, p1) = (powers[next - 1], powers[next])
            out[s] = p0 + (p1 - p0) * (t - t0) / (t1 - t0)
        }
        return out
    }

    /// Seconds of recorded (non-null) samples in `values`.
    public static func recordedSeconds(_ values: [Double?], intervalS: Double) -> Double {
        Double(values.lazy.filter { $0 != nil }.count) * intervalS
    }

    /// Normalized Power of a 1 Hz series: the fourth root of the mean fourth power of the rolling
    /// 30-second average, taken from second 29 on.
    ///
    /// - Returns: `nil` when the series is shorter than 30 s.
    public static func normalizedPower(_ series: [Double]) -> Double? {
        guard series.count >= 30 else { return nil }
        var window = 0.0
        for i in 0..<29 { window += series[i] }
        var sum4 = 0.0
        for i in 29..<series.count {
            window += series[i]
            let ma = window / 30
            sum4 += ma * ma * ma * ma
            window -= series[i - 29]
        }
        return (sum4 / Double(series.count - 29)).squareRoot().squareRoot()
    }

    /// Work done in kilojoules: the sum of a 1 Hz power series divided by 1000.
    public static func kilojoules(_ series: [Double]) -> Double { series.reduce(0, +) / 1000 }
}
