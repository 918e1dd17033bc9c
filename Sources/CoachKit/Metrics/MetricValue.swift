import Foundation

/// One named value of a result: a number, a short text (e.g. a muscle group) or null.
///
/// Encodes as a bare JSON number, string or `null`. Most values are numbers; a text value is used
/// only where the specification names one (self-assessment's `worst_group`).
public enum MetricValue: Sendable, Equatable, Hashable, Codable, CustomStringConvertible,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
    ExpressibleByNilLiteral
{
    case number(Double)
    case text(String)
    case null

    /// A number, or null for `nil`.
    public init(_ value: Double?) { self = value.map(MetricValue.number) ?? .null }
    /// A number, or null for `nil`.
    public init(_ value: Int?) { self = value.map { .number(Double($0)) } ?? .null }
    /// A text, or null for `nil`.
    public init(_ value: String?) { self = value.map(MetricValue.text) ?? .null }

    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }

    /// The number, or `nil` for text and null.
    public var number: Double? { if case .number(let v) = self { v } else { nil } }
    /// The text, or `nil` for numbers and null.
    public var text: String? { if case .text(let s) = self { s } else { nil } }
    public var isNull: Bool { self == .null }

    public var description: String {
        switch self {
        case .number(let v): String(v)
        case .text(let s): s
        case .null: "null"
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null; return }
        if let v = try? c.decode(Double.self) { self = .number(v); return }
        self = .text(try c.decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let v): try c.encode(v)
        case .text(let s): try c.encode(s)
        case .null: try c.encodeNil()
        }
    }
}
