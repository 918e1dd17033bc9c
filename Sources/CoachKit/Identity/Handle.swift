/// The short name people type for a user or an athlete (`jane`, `coach-kim`).
///
/// Handles are 2–32 characters: lowercase ASCII letters, digits, `-` and `_`, starting with a
/// letter. `init(_:)` wraps any text (for look-ups, where an unknown handle is simply not found);
/// `validated(_:)` enforces the rules for a handle being created.
public struct Handle: TypedIdentifier {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Whether the text follows the rules for a new handle.
    public var isValid: Bool {
        guard (2...32).contains(rawValue.count), let first = rawValue.first,
            first.isASCII, first.isLowercase
        else { return false }
        return rawValue.allSatisfy {
            ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" || $0 == "_"
        }
    }
}
