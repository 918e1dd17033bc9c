import CoachKit
import Foundation

/// Exertion (0–100) from session RPE: the last three days' load against the 28-day norm.
///
/// acute3 = load of today and the two days before; chronic3 = 3 · (load of the last n days) / n with
/// n = min(28, days since the first RPE workout + 1), so the chronic mean never counts days before
/// the athlete's history as rest;
/// score = clamp(100 · acute3 / (2 · chronic3), 0, 100), so 50 means "as usual". Also reports
/// Foster's weekly monotony and strain and the EWMA acute:chronic ratio, flagging `load_spike`
/// above 1.5. `detraining` is raised when three weeks of load average under half of the four
/// weeks before (`SessionLoad.detraining(on:)`), not by the ratio, which dips on every rest day.
/// Needs 14 days since the first RPE workout.
public struct ExertionMetric: BuiltinMetricProvider {
    public static let descriptor = MetricDescriptor(
        id: "exertion",
        name: "Exertion",
        summary:
            "Session-RPE load of the last 3 days against the last 28 (50 = usual), with monotony, strain and ACWR.",
        version: "1.1.0",
        inputs: [InputRequirement(.workouts, days: nil)],
        range: .init(min: 0, max: 100),
        unit: "points",
        bands: [
            MetricBand("Low", min: 0, max: 39, colour: "#3182CE"),
            MetricBand("Balanced", min: 40, max: 64, colour: "#38A169"),
            MetricBand("High", min: 65, max: 74, colour: "#D69E2E"),
            MetricBand("Very high", min: 75, max: 100, colour: "#E53E3E"),
        ],
        carried: CarriedDeclaration(
            lookBack: ExertionState.lookBack,
            summary: "the first RPE day and the acute and chronic EWMAs at the end of a day")
    )

    public init() {}

    public func evaluate(_ input: MetricInput) -> MetricResult {
        let id = Self.descriptor.id
        let d = input.day
        let empty: [String: MetricValue] = [
            "acute3": nil, "chronic3": nil, "load7": nil, "monotony": nil,
            "strain": nil, "acwr": nil,
        ]
        guard let load = Self.load(input) else {
            return .insufficient(
                id: id, reason: "no workouts with an RPE on or before \(d)", values: empty)
        }
        let since = load.firstDay.days(to: d)
        let n = min(28, since + 1)
        let acute3 = load.sum(days: 3, endingOn: d)
        let chronic3 = 3 * load.sum(days: n, endingOn: d) / Double(n)
        let week = (0..<7).map { load.load(on: d.adding(days: -$0)) }
        let load7 = week.reduce(0, +)
        let sd = MetricMath.populationSD(week) ?? 0
        let monotony: Double? = sd > 0 ? MetricMath.mean(week)! / sd : nil
        let strain = monotony.map { load7 * $0 }
        let acwr = load.ewmaRatio
        let values: [String: MetricValue] = [
            "acute3": .number(acute3), "chronic3": .number(chronic3), "load7": .number(load7),
            "monotony": MetricValue(monotony), "strain": MetricValue(strain),
            "acwr": MetricValue(acwr),
        ]
        let series = [
            "load": (0..<min(28, since + 1)).reversed().map {
                SeriesPoint(day: d.adding(days: -$0), value: load.load(on: d.adding(days: -$0)))
            }
        ]
        guard since >= 14 else {
            return .insufficient(
                id: id,
                reason: "first RPE workout on \(load.firstDay), \(since) days ago (needs 14)",
                values: values, series: series)
        }
        let raw = chronic3 > 0 ? MetricMath.clamp(100 * acute3 / (2 * chronic3), 0, 100) : 0
        let score = MetricMath.round(raw)
        var flags: [String] = []
        if let r = acwr, r > 1.5 { flags.append("load_spike") }
        let drop = load.detraining(on: d)
        if drop?.flagged == true { flags.append("detraining") }
        let components = [
            MetricComponent(
                "acute (3 days)", value: acute3, note: "RPE x minutes, today and the 2 days before"),
            MetricComponent(
                "chronic (3-day equivalent)", value: chronic3,
                note: "3 x the load of the last \(n) days / \(n)"),
            MetricComponent("weekly load", value: load7, note: "last 7 days"),
            MetricComponent(
                "monotony", value: monotony,
                note: monotony == nil
                    ? "undefined: no day-to-day variation" : "mean / SD of the last 7 days"),
            MetricComponent("strain", value: strain, note: "weekly load x monotony"),
            MetricComponent(
                "ACWR (EWMA 7/28)", value: acwr,
                note: acwr.map { $0 > 1.5 ? "spike" : $0 < 0.8 ? "low" : "in range" }
                    ?? "no chronic load"),
            MetricComponent(
                "3-week load vs the 4 weeks before", value: drop.map { $0.recent / $0.reference },
                note: drop.map {
                    "\(MetricFormat.fixed($0.recent, 0)) vs \(MetricFormat.fixed($0.reference, 0)) a day; "
                        + "under 0.5 is detraining"
                } ?? "too little history to compare"),
        ]
        var text =
            "Last 3 days \(MetricFormat.fixed(acute3, 0)) load (RPE x min) vs \(MetricFormat.fixed(chronic3, 0)) "
            + "usual for 3 days => \(score) (50 = usual)."
        text +=
            " Week \(MetricFormat.fixed(load7, 0)), monotony \(MetricFormat.optional(monotony, 2)), strain "
            + "\(MetricFormat.optional(strain, 0)); ACWR \(MetricFormat.optional(acwr, 2))."
        if flags.contains("load_spike") {
            text += " Load spike: acute load is over 1.5x the chronic."
        }
        if flags.contains("detraining"), let drop {
            text +=
                " Detraining: the last 3 weeks averaged \(MetricFormat.fixed(drop.recent, 0)) a day, under half the "
                + "\(MetricFormat.fixed(drop.reference, 0)) of the 4 weeks before."
        }
        return MetricResult(
            id: id, status: .ok, score: score, band: Self.descriptor.band(for: score)?.label,
            values: values, components: components, flags: flags, explanation: text, series: series)
    }
}
