import Foundation

/// A string identifier with a type of its own, so an athlete id cannot be passed where a user id
/// or a record id is expected.
///
/// Conforming types are thin wrappers around their text; they encode as a bare JSON string and
/// sort by their text. Validation, where a kind of identifier has rules, lives on the type.
public protocol TypedIdentifier: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The identifier's text, exactly as stored.
    var rawValue: String { get }

    /// Wraps `rawValue` without checking it.
    init(_ rawValue: String)
}

extension TypedIdentifier {
    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A literal identifier (fixtures, tests, well-known ids such as `profile`).
    public init(stringLiteral value: String) { self.init(value) }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
