import Foundation

/// A baseline over a sliding window of days: values kept sorted as days enter and leave it.
///
/// Gives exactly the numbers `RobustBaseline` gives for the same values (upper median; MAD as the
/// upper median of the absolute deviations) at O(window) per update instead of two sorts, which
/// matters when a metric walks years of days.
public struct SlidingBaseline: Sendable, Equatable {
    /// The values in the window, ascending.
    public private(set) var values: [Double] = []

    public init() {}

    public var count: Int { values.count }

    /// Adds `v` to the window.
    public mutating func insert(_ v: Double) {
        values.insert(v, at: lowerBound(v))
    }

    /// Removes one copy of `v` (nothing when it is absent).
    public mutating func remove(_ v: Double) {
        let i = lowerBound(v)
        if i < values.count, values[i] == v { values.remove(at: i) }
    }

    /// The upper median.
    public var median: Double? { values.isEmpty ? nil : values[values.count / 2] }

    /// The upper median of |x − median|, found by merging the deviations on either side of the median.
    public var mad: Double? {
        guard let m = median else { return nil }
        let k = values.count / 2
        var left = values.count / 2 - 1, right = values.count / 2
        var current = 0.0
        for _ in 0...k {
            let l = left >= 0 ? m - values[left] : .infinity
            let r = right < values.count ? values[right] - m : .infinity
            if l < r { current = l; left -= 1 } else { current = r; right += 1 }
        }
        return current
    }

    /// The robust z-score of `value` against the window: 0.6745 · (value − median) / max(MAD, floor).
    ///
    /// - Returns: `nil` for an empty window, or when the MAD and the floor are both 0.
    public func z(_ value: Double, floor: Double) -> Double? {
        guard let m = median, let d = mad.map({ max($0, floor) }), d > 0 else { return nil }
        return 0.6745 * (value - m) / d
    }

    private func lowerBound(_ v: Double) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[mid] < v { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
