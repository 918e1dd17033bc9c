import CoachKit
import Foundation

/// Vitals shown beside readiness without changing it: respiratory rate, wrist temperature, SpO2 and
/// heart-rate recovery, each against its own recent median.
///
/// A day's value is its last sample; the baseline is the daily values of the 28 days before (at
/// least 7 needed); a robust |z| ≥ 2 raises the flag `unusual_<type>`. The MAD is never taken
/// below 0.6745 × the vital's day-to-day noise (`noise(of:)`, one standard deviation), so a
/// change must pass twice that noise before it is unusual, however regular the baseline was.
public struct VitalSigns: Sendable, Equatable {
    /// One vital sign today against its baseline.
    public struct Reading: Sendable, Equatable {
        public var type: BiometricSample.Kind
        public var value: Double
        public var baseline: Double?
        public var baselineDays: Int
        public var z: Double?
        public var unusual: Bool { (z.map { abs($0) >= 2 }) ?? false }
        public var flag: String { "unusual_\(type.rawValue)" }
    }

    public static let types: [BiometricSample.Kind] = [
        .respiratory_rate, .wrist_temp, .spo2, .hr_recovery,
    ]

    /// A vital's day-to-day noise, as one standard deviation in its unit.
    ///
    /// Heart-rate recovery 5 bpm, respiratory rate 1 breath/min, SpO2 1 % (oximeters are good to
    /// about ±2 %), wrist temperature 0.2 °C; 0 for other types.
    public static func noise(of type: BiometricSample.Kind) -> Double {
        switch type {
        case .hr_recovery: 5
        case .respiratory_rate: 1
        case .spo2: 1
        case .wrist_temp: 0.2
        default: 0
        }
    }

    /// The MAD floor of a vital: the larger of its statistical floor and 0.6745 × its noise.
    public static func madFloor(of type: BiometricSample.Kind) -> Double {
        max(type.madFloor, 0.6745 * noise(of: type))
    }

    /// Today's readings, for the types measured today.
    public let readings: [Reading]

    /// Reads the vitals of `day` against the 28 days before it.
    public init(biometrics: [BiometricSample], zone: TimeZone, day: LocalDay) {
        let d = day.ordinal
        var last: [BiometricSample.Kind: [Int: (t: Double, v: Double)]] = [:]
        let days = ZoneDays(
            zone: zone, spanning: biometrics.filter { Self.types.contains($0.type) }
        ) { $0.time }
        for s in biometrics where Self.types.contains(s.type) && s.value.isFinite {
            let x = days.day(of: s.time).ordinal
            guard x <= d, x >= d - 28 else { continue }
            if let prev = last[s.type]?[x], prev.t > s.time.epochSeconds { continue }
            last[s.type, default: [:]][x] = (s.time.epochSeconds, s.value)
        }
        readings = Self.types.compactMap { type in
            guard let days = last[type], let today = days[d]?.v else { return nil }
            let base = (d - 28..<d).compactMap { days[$0]?.v }
            let enough = base.count >= 7
            return Reading(
                type: type, value: today, baseline: enough ? MetricMath.median(base) : nil,
                baselineDays: base.count,
                z: enough
                    ? MetricMath.robustZ(today, baseline: base, floor: Self.madFloor(of: type))
                    : nil)
        }
    }
}
