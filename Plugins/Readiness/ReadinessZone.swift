import CoachKit
import Foundation

/// The five readiness zones and the TSS range each suggests.
///
/// Suggested TSS = [max(0, CTL · lo), CTL · hi] with CTL going into the day. An adjustment of +6
/// or more raises `hi` by 10 %; −6 or less lowers both ends by 20 %. A possible illness outranks
/// the zone: the band reads `rest` and the range is a rest day (0–0), whatever the CTL; otherwise
/// CTL under 10 gives no range at all.
public struct ReadinessZone: Sendable, Equatable {
    /// The band readiness shows while `possible_illness` stands, whatever the score.
    public static let rest = BandLabel(name: "Rest", colour: "#E53E3E")

    public let band: MetricBand
    public let low: Double
    public let high: Double

    public static let all: [ReadinessZone] = [
        ReadinessZone(
            band: MetricBand("Recovery", min: 0, max: 19, colour: "#E53E3E"), low: 0, high: 0.5),
        ReadinessZone(
            band: MetricBand("Easy Endurance", min: 20, max: 39, colour: "#DD6B20"), low: 0.5,
            high: 0.8),
        ReadinessZone(
            band: MetricBand("Tempo/Sweetspot", min: 40, max: 59, colour: "#D69E2E"), low: 0.8,
            high: 1.1),
        ReadinessZone(
            band: MetricBand("Threshold/VO2max", min: 60, max: 79, colour: "#38A169"), low: 1.1,
            high: 1.4),
        ReadinessZone(
            band: MetricBand("Race/Peak", min: 80, max: 100, colour: "#3182CE"), low: 1.4, high: 1.8
        ),
    ]

    /// The zone of an integer score (0–100).
    public static func zone(for score: Int) -> ReadinessZone {
        all.first { $0.band.contains(Double(score)) } ?? (score < 0 ? all[0] : all[all.count - 1])
    }

    /// The suggested TSS range for this zone.
    ///
    /// - Parameters:
    ///   - ctl: CTL going into the day.
    ///   - adjustment: the smoothed physiology adjustment.
    ///   - illness: whether the possible-illness flag is raised.
    /// - Returns: (0, 0) on possible illness; else `nil` when CTL < 10.
    public func tssRange(ctl: Double, adjustment: Double, illness: Bool) -> (
        low: Double, high: Double
    )? {
        if illness { return (0, 0) }
        guard ctl >= 10 else { return nil }
        var lo = low, hi = high
        if adjustment >= 6 { hi *= 1.1 }
        if adjustment <= -6 { lo *= 0.8; hi *= 0.8 }
        return (max(0, ctl * lo), ctl * hi)
    }
}
