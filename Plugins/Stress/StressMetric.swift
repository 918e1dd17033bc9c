import CoachKit
import Foundation

/// Stress (0–100) from heart-rate variability and heart rate against the athlete's own baseline.
///
/// The day's stress is its latest HRV measurement's (`StressReading`): 0 while HRV and heart rate
/// stay inside the athlete's own day-to-day range, rising as HRV drops and heart rate rises beyond
/// it. Categories are relaxed (< 25), mild (< 50), moderate (< 75) and high, taken from the rounded
/// score. The trend compares
/// the mean daily stress of the last 7 days with the 7 before: above +5 rising, below −5 falling.
public struct StressMetric: BuiltinMetricProvider {
    public static let descriptor = MetricDescriptor(
        id: "stress",
        name: "Stress",
        summary:
            "Stress 0-100: the day's latest HRV and heart rate against the athlete's own 30-day range.",
        version: "2.0.0",
        // 14 trend days, each with a 30-day baseline, and the evening before the oldest baseline day
        // (its main sleep block may hold samples from that evening).
        inputs: [InputRequirement(.biometrics, days: 45), InputRequirement(.sleep, days: 44)],
        range: .init(min: 0, max: 100),
        unit: "points",
        bands: [
            MetricBand("relaxed", min: 0, max: 24, colour: "#38A169"),
            MetricBand("mild", min: 25, max: 49, colour: "#D69E2E"),
            MetricBand("moderate", min: 50, max: 74, colour: "#DD6B20"),
            MetricBand("high", min: 75, max: 100, colour: "#E53E3E"),
        ]
    )

    public init() {}

    public func evaluate(_ input: MetricInput) -> MetricResult {
        let id = Self.descriptor.id
        let d = input.day.ordinal
        let history = StressHistory(input: input)
        let last7 = (d - 6...d).compactMap { history.reading(on: $0)?.stress }
        let prev7 = (d - 13...d - 7).compactMap { history.reading(on: $0)?.stress }
        var trend: Double?
        if let a = MetricMath.mean(last7), let b = MetricMath.mean(prev7) { trend = a - b }
        let trendWord =
            trend.map { $0 > 5 ? "rising" : $0 < -5 ? "falling" : "stable" } ?? "unknown"

        guard let r = history.reading(on: d) else {
            return .insufficient(
                id: id, reason: "no HRV measurement on \(input.day)",
                values: [
                    "stress": nil, "hrv": nil, "hrv_baseline": nil, "hr": nil,
                    "rhr_baseline": nil, "confidence": nil, "trend_delta": MetricValue(trend),
                    "hrv_z": nil, "hr_z": nil,
                ])
        }
        let values: [String: MetricValue] = [
            "stress": MetricValue(r.stress), "hrv": .number(r.hrv),
            "hrv_baseline": MetricValue(r.hrvBaseline),
            "hr": MetricValue(r.hr), "rhr_baseline": MetricValue(r.rhrBaseline),
            "confidence": r.stress == nil ? nil : .number(r.confidence),
            "trend_delta": MetricValue(trend),
            "hrv_z": MetricValue(r.hrvZ), "hr_z": MetricValue(r.hrZ),
        ]
        guard let stress = r.stress, let hrvPart = r.hrvStress, let hrPart = r.hrStress else {
            return .insufficient(
                id: id, reason: r.missing ?? "stress could not be computed", values: values)
        }
        let score = MetricMath.round(stress)
        let band = Self.descriptor.band(for: score)
        let s = r.time.secondsSinceMidnight(in: input.zone)
        let clock =
            String(s / 3600 < 10 ? "0" : "") + "\(s / 3600):" + (s % 3600 / 60 < 10 ? "0" : "")
            + "\(s % 3600 / 60)"
        let kind = r.kind == .hrv_sdnn ? "SDNN" : "RMSSD"
        let hrSource =
            r.hrSamples > 0
            ? "\(r.hrSamples) heart-rate samples within 5 min" : "resting HR of the day"
        let z = { (v: Double?) in MetricFormat.optional(v, 2) }
        let components = [
            MetricComponent(
                "HRV stress", value: hrvPart, weight: 0.7,
                note: "HRV \(MetricFormat.fixed(r.hrv)) ms (\(kind)) vs baseline "
                    + "\(MetricFormat.optional(r.hrvBaseline)) over \(r.baselineDays) days, "
                    + "z \(z(r.hrvZ))"),
            MetricComponent(
                "heart-rate stress", value: hrPart, weight: 0.3,
                note: "HR \(MetricFormat.optional(r.hr, 0)) bpm (\(hrSource)); resting baseline "
                    + "\(MetricFormat.optional(r.rhrBaseline, 0)), z \(z(r.hrZ))"),
            MetricComponent(
                "confidence", value: r.confidence,
                note: "\(r.baselineDays) baseline days, \(hrSource), "
                    + "HRV on \(r.measuredDays) of the last 7 days"),
            MetricComponent("trend", value: trend, note: trendWord),
        ]
        let text =
            "Latest HRV at \(clock): \(MetricFormat.fixed(r.hrv)) ms \(kind) vs baseline "
            + "\(MetricFormat.optional(r.hrvBaseline)) (z \(z(r.hrvZ))) => HRV stress "
            + "\(MetricFormat.fixed(hrvPart, 2)) (weight 0.7); HR \(MetricFormat.optional(r.hr, 0)) bpm "
            + "vs resting \(MetricFormat.optional(r.rhrBaseline, 0)) (z \(z(r.hrZ))) => HR stress "
            + "\(MetricFormat.fixed(hrPart, 2)) (weight 0.3); inside half a z of baseline counts 0. "
            + "Stress \(MetricFormat.fixed(stress)) (\(band?.name ?? "")), confidence "
            + "\(MetricFormat.fixed(r.confidence, 2)). Trend \(trendWord)"
            + (trend.map { " (\(MetricFormat.signed($0)) vs the week before)." } ?? ".")
        return MetricResult(
            id: id, status: .ok, score: score, band: band?.label, values: values,
            components: components, flags: [], explanation: text)
    }
}
