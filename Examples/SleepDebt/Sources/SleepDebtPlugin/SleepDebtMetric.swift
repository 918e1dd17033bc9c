import CoachKit
import Foundation

/// Sleep debt: how far the last 14 nights fell short of an 8-hour need, as a 0–100 score.
///
/// Each night is the sleep (any stage but awake and in-bed) whose block ends on that local day.
/// Debt is the sum of the shortfalls (surplus nights do not pay it back), in hours; the score is
/// `100 - 5 × debt`, clamped to 0–100, so 20 hours of debt or more scores 0. At least 7 of the
/// 14 nights must have data.
public struct SleepDebtMetric: MetricProvider {
    /// Hours of sleep a night is measured against.
    public static let needHours = 8.0
    /// Nights looked at.
    public static let nights = 14

    public init() {}

    public var descriptor: MetricDescriptor {
        MetricDescriptor(
            id: "sleep-debt", name: "Sleep debt",
            summary: "Hours short of 8 h a night over the last 14 nights (100 = no debt).",
            version: "1.0.0", inputs: [InputRequirement(.sleep, days: Self.nights)],
            range: .init(min: 0, max: 100), unit: "points",
            bands: [
                MetricBand("rested", min: 80, max: 100, colour: "#2E7D32"),
                MetricBand("owing", min: 50, max: 79, colour: "#F9A825"),
                MetricBand("deep debt", min: 0, max: 49, colour: "#C62828"),
            ],
            timeoutSeconds: 5)
    }

    public func evaluate(_ input: MetricInput) throws -> MetricResult {
        var hours: [LocalDay: Double] = [:]
        for r in input.sleep where r.stage != .awake && r.stage != .in_bed {
            let day = r.end.day(in: input.zone)
            hours[day, default: 0] += max(0, r.end.epochSeconds - r.start.epochSeconds) / 3600
        }
        let first = input.day.adding(days: 1 - Self.nights)
        let nights = (0..<Self.nights).compactMap { hours[first.adding(days: $0)] }
        guard nights.count >= 7 else {
            return .insufficient(
                id: "sleep-debt",
                reason: "only \(nights.count) of the last \(Self.nights) nights have sleep data",
                values: ["debt_h": nil, "nights": .number(Double(nights.count))])
        }
        let debt = nights.reduce(0) { $0 + max(0, Self.needHours - $1) }
        // Nights without data count as owing the average shortfall of those with data.
        let scaled = debt * Double(Self.nights) / Double(nights.count)
        let score = Int((100 - 5 * scaled).rounded()).clamped(0, 100)
        let mean = nights.reduce(0, +) / Double(nights.count)
        return MetricResult(
            id: "sleep-debt", status: .ok, score: score, band: descriptor.band(for: score)?.label,
            values: [
                "debt_h": .number(scaled), "mean_sleep_h": .number(mean),
                "nights": .number(Double(nights.count)),
            ],
            components: [
                MetricComponent(
                    "mean sleep", value: mean, note: "hours a night over the nights with data")
            ],
            flags: scaled >= 10 ? ["sleep_debt"] : [],
            explanation: String(
                format: "%.1f h short of %.0f h a night over %d nights (%d with data).",
                scaled, Self.needHours, Self.nights, nights.count))
    }
}

extension Int {
    fileprivate func clamped(_ lo: Int, _ hi: Int) -> Int { Swift.min(hi, Swift.max(lo, self)) }
}
