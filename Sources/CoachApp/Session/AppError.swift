import CoachKit
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
    /// The user's session ended (expired or locked); signing in again as them starts a new one.
    case sessionExpired(handle: Handle)
    /// The backup to restore from does not exist.
    case backupMissing(String)
    /// The file to restore from is not a backup of a workspace.
    case notABackup(String)
    /// An output file cannot be written at this path (its folder is missing, not writable, or
    /// the path is a link).
    case outputUnwritable(String, reason: String)

    /// Whether the error is about signing in (else about how the request was made).
    public var isAuthentication: Bool {
        if case .sessionExpired = self { return true }
        return false
    }

    /// Whether the error is about data that cannot be used.
    public var isInvalidData: Bool {
        if case .notABackup = self { return true }
        return false
    }

    /// Whether the error is about a file that is not there.
    public var isNotFound: Bool {
        if case .backupMissing = self { return true }
        return false
    }

    public var errorDescription: String? {
        switch self {
        case .invalidNow(let text):
            "the fixed time '\(text)' is not an ISO 8601 instant like 2026-11-24T07:00:00+01:00"
        case .userRequired: "name the user whose passphrase is given"
        case .passphraseUnavailable:
            "no passphrase was given and there is no terminal to ask for one"
        case .sessionExpired(let handle):
            "the session of '\(handle)' has expired or was locked; sign in as them again"
        case .backupMissing(let path): "there is no backup at \(path)"
        case .notABackup(let path): "\(path) is not a workspace backup"
        case .outputUnwritable(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}

extension AppError: CoachFailure {
    public var category: FailureCategory {
        if case .outputUnwritable = self { return .conflict }
        return isAuthentication
            ? .auth : isNotFound ? .notFound : isInvalidData ? .invalidData : .usage
    }
}
