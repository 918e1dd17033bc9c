import Foundation

/// One contributor to a score: what it is, its number, its weight and a short note.
///
/// `value` is null when the contributor was missing that day (the note then says why);
/// `weight` is absent for contributors shown for context only.
public struct MetricComponent: Codable, Sendable, Equatable {
    public var name: String
    public var value: Double?
    public var weight: Double?
    public var note: String

    /// A contributor named `name` with its value, optional weight and a short note.
    public init(_ name: String, value: Double?, weight: Double? = nil, note: String = "") {
        self.name = name; self.value = value; self.weight = weight; self.note = note
    }

    enum CodingKeys: String, CodingKey { case name, value, weight, note }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        value = try c.decodeIfPresent(Double.self, forKey: .value)
        weight = try c.decodeIfPresent(Double.self, forKey: .weight)
        note = try c.decodeIfPresent(String.self, forKey: .note) ?? ""
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(value, forKey: .value)
        try c.encodeIfPresent(weight, forKey: .weight)
        try c.encode(note, forKey: .note)
    }
}

/// One point of a daily time series (e.g. CTL on one day).
public struct SeriesPoint: Codable, Sendable, Equatable {
    public var day: LocalDay
    public var value: Double?

    /// The value of a series on `day` (`nil` for a gap).
    public init(day: LocalDay, value: Double?) { self.day = day; self.value = value }

    enum CodingKeys: String, CodingKey { case day, value }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(day, forKey: .day)
        try c.encode(value, forKey: .value)
    }
}
