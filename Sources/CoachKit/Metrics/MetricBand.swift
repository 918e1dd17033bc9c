import Foundation

/// A named stretch of a provider's score scale with the colour it is drawn in.
///
/// Bounds are inclusive and apply to the rounded (integer) score.
public struct MetricBand: Codable, Sendable, Equatable, Hashable {
    public var name: String
    public var min: Double
    public var max: Double
    /// `#RRGGBB`.
    public var colour: String

    /// A band from `min` to `max` (inclusive) drawn in `colour` (`#RRGGBB`).
    public init(_ name: String, min: Double, max: Double, colour: String) {
        self.name = name; self.min = min; self.max = max; self.colour = colour
    }

    /// Whether `score` lies within the band, bounds included.
    public func contains(_ score: Double) -> Bool { score >= min && score <= max }

    /// The name and colour, as a result carries them.
    public var label: BandLabel { BandLabel(name: name, colour: colour) }
}

/// The band a result falls in: its name and colour.
public struct BandLabel: Codable, Sendable, Equatable, Hashable {
    public var name: String
    /// `#RRGGBB`.
    public var colour: String

    /// A band label with its `#RRGGBB` colour.
    public init(name: String, colour: String) { self.name = name; self.colour = colour }
}
