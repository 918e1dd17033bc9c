import Foundation

/// Where new identifiers come from: the one seam for minting ids (athletes, users, sessions,
/// workspaces), handed to the store by the application layer.
///
/// Production uses random version-4 UUIDs; a test that needs predictable ids passes a counter.
public struct IdentifierSource: Sendable {
    private let make: @Sendable () -> String

    /// A source that calls `make` for each new id.
    public init(_ make: @escaping @Sendable () -> String) { self.make = make }

    /// A new identifier.
    public func next() -> String { make() }

    /// Random version-4 UUIDs in lower case.
    public static let randomUUIDs = IdentifierSource { UUID().uuidString.lowercased() }
}
