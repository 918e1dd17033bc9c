import Foundation

/// What can go wrong in the application layer itself (below any front end).
///
/// Cases say what is missing or wrong in neutral words; a front end phrases the fix its own way
/// (the command line names its flags, an MCP server its tool arguments).
public enum AppError: LocalizedError, Equatable, Sendable {
    /// The fixed "now" of the environment is not an ISO 8601 instant.
    case invalidNow(String)
    /// A passphrase was given but no user was named.
    case userRequired
    /// A passphrase is needed and there is no way to ask for one.
    case passphraseUnavailable

    public var errorDescription: String? {
        switch self {
        case .invalidNow(let text):
            "the fixed time '\(text)' is not an ISO 8601 instant like 2026-11-24T07:00:00+01:00"
        case .userRequired: "name the user whose passphrase is given"
        case .passphraseUnavailable:
            "no passphrase was given and there is no terminal to ask for one"
        }
    }
}
