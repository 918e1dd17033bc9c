import CoachKit
import CoachMetrics
import Foundation

/// Day-by-day series of metric scores or values, for `coach trend`.
///
/// A series is named by a provider id (its score, e.g. `readiness`), a provider value
/// (`training-load.ctl`, `activity.steps_today`), or a short alias (`ctl`, `atl`, `tsb`, `form`,
/// `tss`, `ramp`, `steps`, `hrv`), or the athlete's body weight: `weight` (the 7-day average
/// of the weigh-ins up to each day, kg, as `WeightTrend` reads it) and `weight.target` (the
/// nutrition settings' target weight, kg). Each day is evaluated as that day would have been,
/// so the points match what `coach metrics --date` shows for it.
public struct Trend: Codable, Sendable, Equatable {
    public struct Series: Codable, Sendable, Equatable {
        public var name: String
        public var provider: String
        /// The value name, or nil for the score.
        public var value: String?
        public var points: [SeriesPoint]
    }

    /// The athlete's handle (`athlete` in JSON, like every output that belongs to an athlete).
    public var handle: String
    public var series: [Series]

    enum CodingKeys: String, CodingKey {
        case handle = "athlete"
        case series
    }

    /// The name of the series read from the athlete's weigh-ins, not from a provider.
    public static let weight = "weight"

    /// Short names for values people chart most.
    public static let aliases: [String: (provider: String, value: String)] = [
        "ctl": ("training-load", "ctl"), "atl": ("training-load", "atl"),
        "tsb": ("training-load", "tsb"),
        "form": ("training-load", "tsb"), "tss": ("training-load", "tss"),
        "ramp": ("training-load", "ramp"),
        "steps": ("activity", "steps_today"), "hrv": ("stress", "hrv"),
    ]

    /// Resolves a series name to its provider and value.
    ///
    /// - Throws: `CoachKitError.unknownName` listing the providers and aliases.
    public static func resolve(_ name: String, in registry: ProviderRegistry) throws -> (
        provider: String, value: String?
    ) {
        if let a = aliases[name] { return (a.provider, a.value) }
        if name == weight { return (weight, nil) }
        if name == weight + ".target" { return (weight, "target") }
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard let id = parts.first, registry.provider(id: id) != nil else {
            throw CoachKitError.unknownName(
                field: .parameter(.metric), value: name,
                valid: registry.ids + (Array(aliases.keys) + [weight, weight + ".target"]).sorted()
                    + ["<provider>.<value>"])
        }
        return (id, parts.count == 2 ? parts[1] : nil)
    }

    /// Builds the series `names` over the `days` days ending on `moment.day`.
    public init(_ evaluation: MetricEvaluation, names: [String], days: Int, at moment: ViewMoment)
        throws
    {
        guard (1...3660).contains(days) else {
            throw CoachKitError.outOfRange(field: .parameter(.days), range: "1–3660")
        }
        let wanted = try names.map { try Self.resolve($0, in: evaluation.registry) }
        let providers = Array(Set(wanted.map(\.provider)).subtracting([Self.weight])).sorted()
        let weighIns = evaluation.dataset.weight
        let target = evaluation.index.profile.nutrition.targetWeightKg
        var points = Array(repeating: [SeriesPoint](), count: names.count)
        for back in stride(from: days - 1, through: 0, by: -1) {
            let day = moment.day.adding(days: -back)
            let results = try evaluation.results(
                day: day, now: back == 0 ? moment.now : nil, ids: providers)
            for (i, w) in wanted.enumerated() {
                if w.provider == Self.weight {
                    let average = WeightTrend.on(day, entries: weighIns, zone: evaluation.zone)
                    let v = w.value == nil ? average?.average : target
                    points[i].append(SeriesPoint(day: day, value: v))
                    continue
                }
                let r = results.first { $0.id == w.provider }
                if let value = w.value, let r, r.values[value] == nil,
                    !r.values.keys.contains(value)
                {
                    throw CoachKitError.unknownName(
                        field: .parameter(.metric), value: names[i],
                        valid: r.values.keys.sorted().map { "\(w.provider).\($0)" })
                }
                let v: Double? = w.value.map { r?.number($0) } ?? r?.score.map(Double.init)
                points[i].append(SeriesPoint(day: day, value: v))
            }
        }
        handle = evaluation.index.profile.handle
        series = names.indices.map {
            Series(
                name: names[$0], provider: wanted[$0].provider, value: wanted[$0].value,
                points: points[$0])
        }
    }
}
