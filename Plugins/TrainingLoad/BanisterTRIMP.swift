import CoachKit
import Foundation

/// Banister's training impulse (TRIMP) for one athlete's heart-rate thresholds.
///
/// Heart-rate reserve fraction HRr = (HR − rest) / (max − rest), clamped to [0, 1]; each minute adds
/// HRr · a · e^(b · HRr) with a = 0.64, b = 1.92 for men (and `other`/unknown) and a = 0.86,
/// b = 1.67 for women.
public struct BanisterTRIMP: Sendable, Equatable {
    public let restHR: Double
    public let maxHR: Double
    public let thresholdHR: Double
    public let a: Double
    public let b: Double

    /// - Returns: `nil` unless resting, maximum and threshold heart rate are known and max > rest.
    public init?(thresholds t: Thresholds, sex: Sex?) {
        guard let rest = t.restHrBpm, let max = t.maxHrBpm, let lthr = t.lthrBpm,
            rest.isFinite, max.isFinite, lthr.isFinite, max > rest
        else { return nil }
        restHR = rest; maxHR = max; thresholdHR = lthr
        (a, b) = sex == .female ? (0.86, 1.67) : (0.64, 1.92)
    }

    /// The weighting of one minute at `heartRate`.
    public func perMinute(_ heartRate: Double) -> Double {
        let r = MetricMath.clamp((heartRate - restHR) / (maxHR - restHR), 0, 1)
        return r * a * exp(b * r)
    }

    /// TRIMP of `minutes` at a steady `heartRate`.
    public func load(minutes: Double, heartRate: Double) -> Double {
        minutes * perMinute(heartRate)
    }

    /// TRIMP of a sample stream: each non-null sample counts `intervalS / 60` minutes.
    public func load(samples: [Double?], intervalS: Double) -> Double {
        let minutes = intervalS / 60
        var total = 0.0
        for case let hr? in samples where hr.isFinite { total += minutes * perMinute(hr) }
        return total
    }

    /// TRIMP of 60 minutes at threshold heart rate: the hrTSS = 100 reference.
    public var hourAtThreshold: Double { load(minutes: 60, heartRate: thresholdHR) }
}
