import CoachKit
import Foundation

/// Plan adherence (0–100): the mean adherence of the past planned sessions of the last 28 days.
///
/// Sessions of today and later do not count yet. Also reported for the current Monday week (its
/// past days) and for all time. See `SessionAssessment` for one session's adherence.
public struct AdherenceMetric: BuiltinMetricProvider {
    public static let descriptor = MetricDescriptor(
        id: "adherence",
        name: "Plan adherence",
        summary:
            "Mean adherence of the planned sessions of the last 28 days, with compliance colours.",
        version: "1.1.0",
        inputs: [InputRequirement(.plan, days: nil), InputRequirement(.workouts, days: nil)],
        range: .init(min: 0, max: 100),
        unit: "%",
        bands: [
            MetricBand("red", min: 0, max: 49, colour: Compliance.red.hex),
            MetricBand("yellow", min: 50, max: 79, colour: Compliance.yellow.hex),
            MetricBand("green", min: 80, max: 100, colour: Compliance.green.hex),
        ],
        carried: CarriedDeclaration(
            lookBack: AdherenceState.lookBack,
            summary: "the sum and count of the adherence of the sessions up to a day")
    )

    public init() {}

    public func evaluate(_ input: MetricInput) -> MetricResult {
        let id = Self.descriptor.id
        let d = input.day
        let all = SessionAssessment.assess(
            sessions: input.plan, workouts: input.workouts, zone: input.zone, before: d,
            athlete: input.athlete)
        let window = all.filter { $0.session.date >= d.adding(days: -28) }
        let week = all.filter { $0.session.date >= d.monday }
        func mean(_ xs: [SessionAssessment]) -> Double? { MetricMath.mean(xs.map(\.adherence)) }
        let total = Self.allTime(all, input: input)
        let allMean = total.count > 0 ? total.sum / Double(total.count) : nil
        let missed = window.filter(\.missed).count
        let values: [String: MetricValue] = [
            "adherence_28d": MetricValue(mean(window)), "adherence_week": MetricValue(mean(week)),
            "adherence_all": MetricValue(allMean),
            "sessions_counted": .number(Double(window.count)),
            "sessions_missed": .number(Double(missed)),
        ]
        let components = window.map {
            MetricComponent(
                "\($0.session.date) \($0.session.title)", value: $0.adherence, weight: 1,
                note: $0.note)
        }
        guard let m = mean(window) else {
            return .insufficient(
                id: id, reason: "no planned sessions in the 28 days before \(d)", values: values)
        }
        let score = MetricMath.round(MetricMath.clamp(m, 0, 100))
        let colours = Compliance.allCases.map { c in
            "\(window.filter { !$0.missed && $0.compliance == c }.count) \(c.rawValue)"
        }
        var text =
            "\(window.count) planned session\(window.count == 1 ? "" : "s") in the last 28 days: "
            + colours.joined(separator: ", ")
            + ", \(missed) missed; mean adherence \(MetricFormat.fixed(m)) => \(score)."
        if let w = mean(week) { text += " This week \(MetricFormat.fixed(w))% over \(week.count)." }
        if let a = allMean { text += " All time \(MetricFormat.fixed(a))% over \(total.count)." }
        return MetricResult(
            id: id, status: .ok, score: score, band: Self.descriptor.band(for: score)?.label,
            values: values, components: components, flags: [], explanation: text)
    }
}
