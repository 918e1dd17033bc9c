import Foundation

/// What a provider says about one athlete on one day.
///
/// This is the JSON contract of `coach metrics --json` and of a plugin's `evaluate` answer. Every
/// key is always written (`score`, `band` and `reason` as `null` when absent) except `series`,
/// which only appears when the provider has one, and `plugin`, which marks a plugin's result. `values` holds unrounded numbers under the names
/// the metric specification lists; `score` is the rounded integer and is `null` unless the status
/// is `ok`.
public struct MetricResult: Codable, Sendable, Equatable {
    /// Whether the provider could score the day.
    public enum Status: String, Codable, Sendable {
        case ok
        /// The data needed is missing; `reason` says what.
        case insufficientData = "insufficient_data"
        /// Something went wrong (a plugin crashed, a value was invalid); `reason` says what.
        case error
    }

    public var id: String
    public var status: Status
    public var score: Int?
    public var band: BandLabel?
    public var values: [String: MetricValue]
    public var components: [MetricComponent]
    public var flags: [String]
    public var explanation: String
    public var reason: String?
    public var series: [String: [SeriesPoint]]?
    /// The plugin that produced the result; nil for built-ins.
    public var plugin: MetricOrigin?

    /// A result; `score` and `band` are dropped unless `status` is `ok`.
    public init(
        id: String, status: Status, score: Int?, band: BandLabel?, values: [String: MetricValue],
        components: [MetricComponent] = [], flags: [String] = [], explanation: String,
        reason: String? = nil, series: [String: [SeriesPoint]]? = nil
    ) {
        self.id = id; self.status = status; self.score = status == .ok ? score : nil
        self.band = status == .ok ? band : nil
        self.values = values; self.components = components; self.flags = flags
        self.explanation = explanation; self.reason = reason; self.series = series
    }

    /// A result that could not be scored because data is missing.
    ///
    /// - Parameters:
    ///   - id: the provider id.
    ///   - reason: one line saying what is missing.
    ///   - values: the values that could be computed, the others `null`.
    ///   - components: contributors worth showing anyway.
    public static func insufficient(
        id: String, reason: String, values: [String: MetricValue],
        components: [MetricComponent] = [],
        series: [String: [SeriesPoint]]? = nil
    ) -> MetricResult {
        MetricResult(
            id: id, status: .insufficientData, score: nil, band: nil, values: values,
            components: components, flags: [], explanation: reason, reason: reason, series: series)
    }

    /// A result for a provider that failed.
    public static func failure(id: String, reason: String) -> MetricResult {
        MetricResult(
            id: id, status: .error, score: nil, band: nil, values: [:], explanation: reason,
            reason: reason)
    }

    /// The number stored under `name`, if it is a number.
    public func number(_ name: String) -> Double? { values[name]?.number }

    /// Whether every number in the result is finite (JSON cannot carry NaN or infinity).
    public var isFinite: Bool {
        values.values.allSatisfy { $0.number?.isFinite ?? true }
            && components.allSatisfy {
                ($0.value?.isFinite ?? true) && ($0.weight?.isFinite ?? true)
            }
            && (series ?? [:]).values.allSatisfy { $0.allSatisfy { $0.value?.isFinite ?? true } }
    }

    /// An encoder that writes results the same way every time (sorted keys, no escaped slashes).
    public static func makeEncoder(pretty: Bool = false) -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting =
            pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [.sortedKeys, .withoutEscapingSlashes]
        return e
    }

    enum CodingKeys: String, CodingKey {
        case id, status, score, band, values, components, flags, explanation, reason, series, plugin
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        status = try c.decode(Status.self, forKey: .status)
        score = try c.decodeIfPresent(Int.self, forKey: .score)
        band = try c.decodeIfPresent(BandLabel.self, forKey: .band)
        values = try c.decodeIfPresent([String: MetricValue].self, forKey: .values) ?? [:]
        components = try c.decodeIfPresent([MetricComponent].self, forKey: .components) ?? []
        flags = try c.decodeIfPresent([String].self, forKey: .flags) ?? []
        explanation = try c.decodeIfPresent(String.self, forKey: .explanation) ?? ""
        reason = try c.decodeIfPresent(String.self, forKey: .reason)
        series = try c.decodeIfPresent([String: [SeriesPoint]].self, forKey: .series)
        plugin = try c.decodeIfPresent(MetricOrigin.self, forKey: .plugin)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(status, forKey: .status)
        try c.encode(score, forKey: .score)
        try c.encode(band, forKey: .band)
        try c.encode(values, forKey: .values)
        try c.encode(components, forKey: .components)
        try c.encode(flags, forKey: .flags)
        try c.encode(explanation, forKey: .explanation)
        try c.encode(reason, forKey: .reason)
        try c.encodeIfPresent(series, forKey: .series)
        try c.encodeIfPresent(plugin, forKey: .plugin)
    }
}
