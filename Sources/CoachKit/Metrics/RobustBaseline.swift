import Foundation

/// A baseline's upper median and MAD, computed once, for scoring many values against it.
///
/// Same definitions as `MetricMath.median`, `MetricMath.mad` and `MetricMath.robustZ`, with one
/// sort for the median and one for the deviations.
public struct RobustBaseline: Sendable, Equatable {
    public let count: Int
    /// The upper median.
    public let median: Double
    /// The median absolute deviation, before any floor.
    public let mad: Double

    /// - Returns: `nil` for an empty baseline.
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let m = sorted[sorted.count / 2]
        count = values.count
        median = m
        mad = sorted.map { abs($0 - m) }.sorted()[sorted.count / 2]
    }

    /// The robust z-score of `value`: 0.6745 · (value − median) / max(MAD, floor).
    ///
    /// - Returns: `nil` when the MAD and the floor are both 0.
    public func z(_ value: Double, floor: Double) -> Double? {
        let d = max(mad, floor)
        return d > 0 ? 0.6745 * (value - median) / d : nil
    }
}
