import CoachKit
import Foundation

/// Builds the 1 Hz sample streams of an activity and its Normalized Power, shared by the FIT,
/// TCX and GPX importers.
enum ActivitySamples {
    /// Lays samples (seconds from the start, power, heart rate, speed) on a 1 s grid, holding
    /// each value across the short gaps of smart recording (`SmartRecording`); seconds in a
    /// pause stay `nil`.
    static func oneHertz(
        _ points: [(t: Double, power: Double?, hr: Double?, speed: Double?)], durationS: Double?
    ) -> Workout.Samples {
        let last = Int((points.map(\.t).max() ?? 0).rounded())
        let length = max(last + 1, Int((durationS ?? 0).rounded()))
        var power = [Double?](repeating: nil, count: length)
        var hr = power, speed = power
        for p in points {
            let i = Int(p.t.rounded())
            guard i >= 0, i < length else { continue }
            power[i] = p.power ?? power[i]; hr[i] = p.hr ?? hr[i]; speed[i] = p.speed ?? speed[i]
        }
        let gap = SmartRecording.pauseGap(points.map { Int($0.t.rounded()) })
        let any: ([Double?]) -> [Double?] = { s in
            s.contains { $0 != nil } ? SmartRecording.held(s, pauseGap: gap) : []
        }
        return Workout.Samples(
            intervalS: 1, powerW: any(power), hrBpm: any(hr), speedMS: any(speed))
    }

    /// NP of the power stream (METRICS.md §1: 1 Hz resampling, 30 s rolling mean), never below
    /// `averageW`, rounded to 0.1 W, or `nil` without power.
    ///
    /// NP is at least the average of the series it is computed from; it can come out lower only
    /// when pauses count as 0 W in the resampled series but not in the average, or from the
    /// first 29 s the rolling mean leaves out, and then the average stands.
    static func normalizedPower(
        _ s: Workout.Samples, durationS: Double?, averageW: Double? = nil
    ) -> Double? {
        guard !s.powerW.isEmpty,
            let series = PowerStream.resampled(
                s.powerW, intervalS: s.intervalS, durationS: durationS),
            let np = PowerStream.normalizedPower(series)
        else { return nil }
        return (max(np, averageW ?? 0) * 10).rounded() / 10
    }

    /// The mean of the recorded seconds of a 1 Hz stream, rounded to 0.1 W, or `nil` when empty.
    static func recordedMean(_ stream: [Double?]) -> Double? {
        let recorded = stream.compactMap { $0 }
        guard !recorded.isEmpty else { return nil }
        return ((recorded.reduce(0, +) / Double(recorded.count)) * 10).rounded() / 10
    }
}

/// The dedupe key of an activity file's workout: its sport and start second, so the same ride
/// exported as FIT, TCX and GPX is one workout.
enum ActivityKey {
    static func key(for w: Workout) -> String {
        "activity|\(w.sport.rawValue)|\(Int64(w.start.epochSeconds.rounded()))"
    }
}
