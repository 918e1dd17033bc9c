import Foundation

/// The small statistics every provider shares, defined once so all metrics agree.
///
/// The median is the upper median (`sorted[n / 2]`), the MAD is raised to a per-measurement floor,
/// and scores round half away from zero.
public enum MetricMath {
    /// The upper median: the element at index `n / 2` of the sorted values.
    ///
    /// - Returns: `nil` for an empty array.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }

    /// The median absolute deviation around the (upper) median, raised to `floor`.
    ///
    /// - Parameters:
    ///   - values: the baseline values.
    ///   - floor: the smallest MAD allowed (e.g. 1 bpm for heart rates).
    /// - Returns: `nil` for an empty array.
    public static func mad(_ values: [Double], floor: Double = 0) -> Double? {
        guard let m = median(values) else { return nil }
        return Swift.max(median(values.map { abs($0 - m) })!, floor)
    }

    /// The robust z-score of `value` against `baseline`: 0.6745 · (value − median) / max(MAD, floor).
    ///
    /// - Returns: `nil` for an empty baseline, or when the MAD and the floor are both 0.
    public static func robustZ(_ value: Double, baseline: [Double], floor: Double) -> Double? {
        RobustBaseline(baseline)?.z(value, floor: floor)
    }

    /// `min(max(value, lower), upper)`.
    public static func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
        Swift.min(Swift.max(value, lower), upper)
    }

    /// Rounds half away from zero (2.5 → 3, −2.5 → −3) to an integer.
    public static func round(_ value: Double) -> Int {
        Int(value.rounded(.toNearestOrAwayFromZero))
    }

    /// The arithmetic mean, or `nil` for an empty array.
    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The population standard deviation (dividing by n), or `nil` for an empty array.
    public static func populationSD(_ values: [Double]) -> Double? {
        guard let m = mean(values) else { return nil }
        return (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count)).squareRoot()
    }
}

extension BiometricSample.Kind {
    /// The smallest MAD robust z-scores use for this measurement.
    ///
    /// Integer resting heart rates often have a MAD of 0, which would make every deviation
    /// infinite or silence it; the floor keeps z-scores meaningful.
    public var madFloor: Double {
        switch self {
        case .resting_hr, .heart_rate, .hr_recovery: 1
        case .hrv_sdnn, .hrv_rmssd: 1
        case .respiratory_rate: 0.5
        case .spo2: 0.5
        case .wrist_temp: 0.1
        }
    }

    /// Whether this is one of the two heart-rate-variability kinds.
    public var isHRV: Bool { self == .hrv_sdnn || self == .hrv_rmssd }
}
