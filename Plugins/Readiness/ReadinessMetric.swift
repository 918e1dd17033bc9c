import CoachKit
import Foundation
import TrainingLoadPlugin

/// Readiness ("body battery", 0–100): form going into the day, nudged by HRV and resting heart rate.
///
/// raw = clamp((TSB + 30) / 60 · 100, 0, 100) with TSB from the training-load chart (form going
/// into the day); score = clamp(raw + adjustment, 0, 100) rounded, where the adjustment comes from
/// `PhysiologyModifier`. The zone suggests a TSS range for the day (see `ReadinessZone`).
public struct ReadinessMetric: BuiltinMetricProvider {
    public static let descriptor = MetricDescriptor(
        id: "readiness",
        name: "Readiness",
        summary:
            "Body battery 0-100: form going into the day, adjusted by HRV and resting heart rate.",
        version: "1.1.0",
        inputs: [
            InputRequirement(.workouts, days: nil), InputRequirement(.biometrics, days: nil),
            InputRequirement(.sleep, days: nil),
        ],
        range: .init(min: 0, max: 100),
        unit: "points",
        bands: ReadinessZone.all.map(\.band),
        carried: CarriedDeclaration(
            lookBack: ReadinessState.lookBack,
            summary: "CTL and ATL, and the smoothed HRV adjustment, at the end of a day")
    )

    public init() {}

    public func evaluate(_ input: MetricInput) -> MetricResult {
        let id = Self.descriptor.id
        let d = input.day
        let carried = input.carriedState(ReadinessState.self, for: id)
        guard let (load, chart) = PerformanceChart.build(from: input, carried: carried?.pmc) else {
            return .insufficient(
                id: id,
                reason:
                    "no workouts on or before \(d): readiness needs training history for form (TSB)",
                values: [
                    "raw": nil, "adjustment": nil, "hrv_z": nil, "rhr_z": nil, "tsb": nil,
                    "ctl": nil,
                    "tss_low": nil, "tss_high": nil,
                ])
        }
        if let days = Self.buildingDays(d, historyStart: load.historyStart, input.athlete.pmc),
            let needed = PerformanceChart.settlingDays(input.athlete.pmc)
        {
            return .insufficient(
                id: id,
                reason:
                    "building baseline, \(days) of \(needed) days of training history: the "
                    + "fitness chart starts at 0 and is no fair form until then (or type a "
                    + "starting fitness and fatigue in the profile)",
                values: [
                    "raw": nil, "adjustment": nil, "hrv_z": nil, "rhr_z": nil, "tsb": nil,
                    "ctl": nil, "tss_low": nil, "tss_high": nil,
                ])
        }
        let tsb = chart.tsb(on: d)
        let ctl = chart.ctl(after: d.adding(days: -1))
        let raw = Self.raw(tsb: tsb)
        let phys = PhysiologyModifier(input: input, carried: carried?.physiology).today
        let adjustment = phys.adjustment ?? 0
        let score = Self.score(raw: raw, adjustment: adjustment)
        let zone = ReadinessZone.zone(for: score)
        let illness = phys.possibleIllness
        let range = zone.tssRange(ctl: ctl, adjustment: adjustment, illness: illness)
        let vitals = VitalSigns(biometrics: input.biometrics, zone: input.zone, day: d)

        var flags: [String] = illness ? ["possible_illness"] : []
        flags += vitals.readings.filter(\.unusual).map(\.flag)

        var components = [
            MetricComponent(
                "form (TSB)", value: tsb, weight: 1,
                note: "going into the day => \(MetricFormat.fixed(raw)) points")
        ]
        components += physiologyComponents(phys)
        components += vitals.readings.map { r in
            let base =
                r.baseline.map { "median \(MetricFormat.fixed($0, 1)) over \(r.baselineDays) days" }
                ?? "baseline needs 7 days (\(r.baselineDays))"
            let z = r.z.map { ", z \(MetricFormat.signed($0, 2))" } ?? ""
            return MetricComponent(
                r.type.rawValue.replacingOccurrences(of: "_", with: " "), value: r.value,
                note: "\(base)\(z)\(r.unusual ? ", unusual" : ""); shown only")
        }

        var text =
            "Form (TSB) \(MetricFormat.signed(tsb)) going into the day => \(MetricFormat.fixed(raw))."
        if let hz = phys.hrvZ, let rz = phys.rhrZ, let hrv = phys.hrv, let rhr = phys.rhr,
            let hb = phys.hrvBaseline, let rb = phys.rhrBaseline
        {
            let pct = hb != 0 ? (hrv / hb - 1) * 100 : 0
            text +=
                " HRV \(MetricFormat.fixed(hrv)) ms, \(MetricFormat.fixed(abs(pct), 0))% "
                + "\(pct < 0 ? "under" : "over") baseline \(MetricFormat.fixed(hb)) (z \(MetricFormat.signed(hz, 2)));"
                + " resting HR \(MetricFormat.fixed(rhr, 0)) bpm vs \(MetricFormat.fixed(rb, 0)) "
                + "(z \(MetricFormat.signed(rz, 2))) => \(MetricFormat.signed(adjustment)) (smoothed)."
        } else {
            text += " No HRV/resting-HR adjustment: \(phys.reason ?? "not available")."
        }
        if illness {
            text +=
                " Score \(score), but possible illness (HRV low and resting HR high) outranks "
                + "the \(zone.band.name) zone: take a rest day, no training load."
        } else if let r = range {
            text +=
                " Score \(score): \(zone.band.name). Suggested load "
                + "\(MetricFormat.fixed(r.low, 0))-\(MetricFormat.fixed(r.high, 0)) TSS "
                + "(CTL \(MetricFormat.fixed(ctl)))."
        } else {
            text +=
                " Score \(score): \(zone.band.name). No TSS range: too little training history "
                + "(CTL \(MetricFormat.fixed(ctl)) < 10)."
        }
        for r in vitals.readings where r.unusual {
            text +=
                " Unusual \(r.type.rawValue.replacingOccurrences(of: "_", with: " ")): "
                + "\(MetricFormat.fixed(r.value)) (z \(MetricFormat.signed(r.z ?? 0, 2)))."
        }

        return MetricResult(
            id: id, status: .ok, score: score,
            band: illness ? ReadinessZone.rest : zone.band.label,
            values: [
                "raw": .number(raw), "adjustment": .number(adjustment),
                "hrv_z": MetricValue(phys.hrvZ),
                "rhr_z": MetricValue(phys.rhrZ), "tsb": .number(tsb), "ctl": .number(ctl),
                "tss_low": MetricValue(range?.low), "tss_high": MetricValue(range?.high),
            ],
            components: components, flags: flags, explanation: text)
    }

    /// The days of history so far while readiness is still building, else `nil`.
    ///
    /// - Parameters:
    ///   - day: the evaluated day.
    ///   - historyStart: the first day of training history.
    ///   - settings: the athlete's chart settings; typed starting CTL and ATL need no building.
    /// - Returns: `day − historyStart + 1` while that is under the chart's settling days
    ///   (`PerformanceChart.settlingDays`); `nil` otherwise.
    public static func buildingDays(
        _ day: LocalDay, historyStart: LocalDay, _ settings: PMCSettings
    ) -> Int? {
        guard let needed = PerformanceChart.settlingDays(settings) else { return nil }
        let days = day.ordinal - historyStart.ordinal + 1
        return days < needed ? days : nil
    }

    /// The form part of the score: clamp((TSB + 30) / 60 · 100, 0, 100).
    static func raw(tsb: Double) -> Double { MetricMath.clamp((tsb + 30) / 60 * 100, 0, 100) }

    /// The score: raw + adjustment, clamped to 0–100 and rounded.
    static func score(raw: Double, adjustment: Double) -> Int {
        MetricMath.round(MetricMath.clamp(raw + adjustment, 0, 100))
    }

    private func physiologyComponents(_ p: PhysiologyModifier.Day) -> [MetricComponent] {
        let hrvNote =
            p.hrvZ.map {
                "z \(MetricFormat.signed($0, 2)) vs median \(MetricFormat.optional(p.hrvBaseline))"
            }
            ?? (p.reason ?? "not available")
        let rhrNote =
            p.rhrZ.map {
                "z \(MetricFormat.signed($0, 2)) vs median \(MetricFormat.optional(p.rhrBaseline))"
            }
            ?? (p.reason ?? "not available")
        return [
            MetricComponent(
                "HRV (\(p.kind == .hrv_sdnn ? "SDNN" : "RMSSD"))", value: p.hrv, weight: 0.6,
                note: hrvNote),
            MetricComponent("resting HR", value: p.rhr, weight: 0.4, note: rhrNote),
            MetricComponent(
                "adjustment", value: p.adjustment ?? 0, weight: 1,
                note: p.rawAdjustment.map { "today \(MetricFormat.signed($0)), smoothed 30/70" }
                    ?? "none (\(p.reason ?? "not available"))"),
        ]
    }
}
