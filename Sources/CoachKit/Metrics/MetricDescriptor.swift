import Foundation

/// What a metric provider is: its id, name, version, the data it reads and its score scale.
///
/// Encodes to the manifest shape plugins announce in their handshake, so built-ins and plugins
/// describe themselves the same way.
public struct MetricDescriptor: Codable, Sendable, Equatable {
    /// The lowest and highest score the provider can give.
    public struct Range: Codable, Sendable, Equatable {
        public var min: Double
        public var max: Double
        public init(min: Double, max: Double) { self.min = min; self.max = max }
    }

    /// Stable id: lowercase letters, digits and dashes (`readiness`, `training-load`).
    public var id: String
    public var name: String
    /// One line saying what the score means.
    public var summary: String
    public var version: String
    public var inputs: [InputRequirement]
    public var range: Range
    /// Unit of the score (`points`, `TSS/day`, `%`).
    public var unit: String
    public var bands: [MetricBand]
    /// How long one evaluation may take; only external plugins set it.
    public var timeoutSeconds: Double?
    /// The state the provider carries from earlier days, when it reads the whole history and
    /// conforms to `StateCarrying` (built-ins only).
    public var carried: CarriedDeclaration?

    /// A descriptor; `id` must satisfy `isValidID` for the provider to be registered.
    public init(
        id: String, name: String, summary: String, version: String, inputs: [InputRequirement],
        range: Range, unit: String, bands: [MetricBand], timeoutSeconds: Double? = nil,
        carried: CarriedDeclaration? = nil
    ) {
        self.id = id; self.name = name; self.summary = summary; self.version = version
        self.inputs = inputs; self.range = range; self.unit = unit; self.bands = bands
        self.timeoutSeconds = timeoutSeconds
        self.carried = carried
    }

    /// The requirement for `kind`, or `nil` when the provider does not read it.
    public func requirement(for kind: InputKind) -> InputRequirement? {
        inputs.first { $0.kind == kind }
    }

    /// The first band holding `score`, if any.
    public func band(for score: Int) -> MetricBand? {
        bands.first { $0.contains(Double(score)) }
    }

    /// Whether `id` is a valid provider id (lowercase letters, digits, dashes; starts with a letter).
    public static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return id.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, summary, version, inputs, range, unit, bands, timeoutSeconds, carried
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? id
        summary = try c.decodeIfPresent(String.self, forKey: .summary) ?? ""
        version = try c.decodeIfPresent(String.self, forKey: .version) ?? "0"
        inputs = try c.decodeIfPresent([InputRequirement].self, forKey: .inputs) ?? []
        range = try c.decodeIfPresent(Range.self, forKey: .range) ?? Range(min: 0, max: 100)
        unit = try c.decodeIfPresent(String.self, forKey: .unit) ?? ""
        bands = try c.decodeIfPresent([MetricBand].self, forKey: .bands) ?? []
        timeoutSeconds = try c.decodeIfPresent(Double.self, forKey: .timeoutSeconds)
        carried = try c.decodeIfPresent(CarriedDeclaration.self, forKey: .carried)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(summary, forKey: .summary)
        try c.encode(version, forKey: .version)
        try c.encode(inputs, forKey: .inputs)
        try c.encode(range, forKey: .range)
        try c.encode(unit, forKey: .unit)
        try c.encode(bands, forKey: .bands)
        try c.encodeIfPresent(timeoutSeconds, forKey: .timeoutSeconds)
        try c.encodeIfPresent(carried, forKey: .carried)
    }
}
