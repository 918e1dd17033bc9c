import CoachKit
import Foundation

/// Self-assessment (0–100): mood and muscle soreness of the last week, recent days weighing more.
///
/// Score = Σ wₖ · dayₖ / Σ wₖ over the days of the last 7 that have data, with wₖ = 7 − k for a day
/// k days ago (today 7, six days ago 1). Raises `sore_group_planned` when a session planned for
/// today or tomorrow targets a group rated 6 or more today.
public struct SelfAssessmentMetric: BuiltinMetricProvider {
    public static let descriptor = MetricDescriptor(
        id: "self-assessment",
        name: "Self-assessment",
        summary: "Mood and muscle soreness (DOMS) of the last 7 days, weighted towards today.",
        version: "1.0.0",
        inputs: [InputRequirement(.wellness, days: 7), InputRequirement(.plan, days: 1, ahead: 1)],
        range: .init(min: 0, max: 100),
        unit: "points",
        bands: [
            MetricBand("Poor", min: 0, max: 39, colour: "#E53E3E"),
            MetricBand("Fair", min: 40, max: 59, colour: "#D69E2E"),
            MetricBand("Good", min: 60, max: 79, colour: "#38A169"),
            MetricBand("Great", min: 80, max: 100, colour: "#3182CE"),
        ]
    )

    public init() {}

    public func evaluate(_ input: MetricInput) -> MetricResult {
        let id = Self.descriptor.id
        let d = input.day
        let days = DayAssessment.merge(input.wellness)
        let today = days[d]
        var num = 0.0, den = 0.0, logged = 0
        var components: [MetricComponent] = []
        for k in 0..<7 {
            let x = d.adding(days: -k)
            guard let a = days[x], let s = a.score else { continue }
            let w = Double(7 - k)
            num += w * s; den += w; logged += 1
            var parts: [String] = []
            if let m = a.mood { parts.append("mood \(m)") }
            if let so = a.soreness { parts.append("soreness \(MetricFormat.fixed(so))") }
            components.append(
                MetricComponent(
                    x.description, value: s, weight: w, note: parts.joined(separator: ", ")))
        }
        let worst = today?.worstGroup
        let values: [String: MetricValue] = [
            "mood_today": MetricValue(today?.mood), "soreness_today": MetricValue(today?.soreness),
            "days_logged": .number(Double(logged)), "worst_group": MetricValue(worst?.rawValue),
        ]
        guard den > 0 else {
            return .insufficient(
                id: id, reason: "no mood or soreness logged in the 7 days up to \(d)",
                values: values)
        }
        let score = MetricMath.round(MetricMath.clamp(num / den, 0, 100))
        var flags: [String] = []
        let sore = Set((today?.doms ?? [:]).filter { $0.value >= 6 }.map(\.key))
        let planned = input.plan.filter { $0.date == d || $0.date == d.adding(days: 1) }
        let clashes = planned.flatMap { s in s.targets.filter { sore.contains($0) }.map { (s, $0) }
        }
        if !clashes.isEmpty { flags.append("sore_group_planned") }

        var text =
            "Weighted mean of \(logged) logged day\(logged == 1 ? "" : "s") (today weight 7, six days ago 1) = "
            + "\(MetricFormat.fixed(num / den)) => \(score)."
        if let t = today {
            if let m = t.mood { text += " Mood today \(m)/5." }
            if let s = t.soreness {
                text +=
                    " Soreness today \(MetricFormat.fixed(s))"
                    + (worst.map { ", worst \($0.rawValue) \(t.doms[$0]!)/10." } ?? ".")
            }
        } else {
            text += " Nothing logged today."
        }
        for (s, g) in clashes {
            text +=
                " Planned \(s.date) \"\(s.title)\" targets \(g.rawValue), rated \(today!.doms[g]!)/10 today."
        }
        return MetricResult(
            id: id, status: .ok, score: score, band: Self.descriptor.band(for: score)?.label,
            values: values, components: components, flags: flags, explanation: text)
    }
}
