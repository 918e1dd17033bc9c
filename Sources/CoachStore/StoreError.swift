import CoachKit
import Foundation

/// What can go wrong inside a workspace.
///
/// Each case says what was wrong and what to do; none carries health values, passphrases or
/// key bytes. `category` maps a case to the CLI's exit code.
public enum StoreError: LocalizedError, Equatable, Sendable {
    /// Broad classes of failure, one exit code each.
    public enum Category: Sendable { case usage, auth, permission, notFound, invalidData, conflict, corrupt }

    case workspaceMissing(String)
    case workspaceExists(String)
    /// An output file (export, report) that already exists; coach never overwrites one.
    case fileExists(String)
    case notAWorkspace(String)
    case unsafePath(String, reason: String)
    case corrupt(String)
    case authenticationFailed
    case userDisabled(String)
    case noSession
    case sessionExpired
    case ambiguousSession([String])
    case permissionDenied(String)
    case athleteNotFound(String)
    case userNotFound(String)
    case recordNotFound(String)
    case duplicateHandle(String)
    case invalidHandle(String)
    case invalidInput(String)
    /// Data that breaks a rule of the format or a physiological range.
    case invalidData(String)
    case retiredEpoch
    case tampered(String)
    case weakPassphrase
    case newerFormat(String)
    /// No program week at the named Monday; carries the Monday.
    case weekNotFound(String)
    /// No planned session with the id; carries the id.
    case sessionNotFound(String)
    /// The change would overwrite data that exists; carries what and how to proceed.
    case conflict(String)
    /// An athlete's access grant (or the user's own copy of it) was altered; carries the
    /// athlete's handle as the user last saw it, else the athlete's id.
    case grantTampered(athlete: String)

    public var category: Category {
        switch self {
        case .workspaceMissing, .athleteNotFound, .userNotFound, .recordNotFound, .weekNotFound, .sessionNotFound: .notFound
        case .workspaceExists, .fileExists, .duplicateHandle, .retiredEpoch, .conflict: .conflict
        case .notAWorkspace, .corrupt, .tampered, .newerFormat, .grantTampered: .corrupt
        case .unsafePath, .invalidHandle, .invalidInput, .weakPassphrase, .ambiguousSession: .usage
        case .invalidData: .invalidData
        case .authenticationFailed, .userDisabled, .noSession, .sessionExpired: .auth
        case .permissionDenied: .permission
        }
    }

    public var errorDescription: String? {
        switch self {
        case .workspaceMissing(let p): "no workspace at \(p); create one with 'coach init --owner HANDLE' or pass --workspace"
        case .workspaceExists(let p): "a file already exists at \(p); choose another --workspace path"
        case .fileExists(let p): "a file already exists at \(p); choose another --out path or remove that file first"
        case .notAWorkspace(let p): "\(p) is not a coach workspace; check the --workspace path"
        case .unsafePath(let p, let reason): "refusing workspace \(p): \(reason)"
        case .corrupt(let what): "the workspace is damaged (\(what)); restore it from a backup with 'coach restore FILE'"
        case .authenticationFailed: "wrong user handle or passphrase; check both and try again"
        case .userDisabled(let h): "user '\(h)' is disabled; ask the workspace owner to re-enable it"
        case .noSession: "no unlocked session; run 'coach unlock --as HANDLE' or pass --passphrase-file"
        case .sessionExpired: "the session has expired or was locked; run 'coach unlock' again"
        case .ambiguousSession(let handles): "several users are unlocked (\(handles.joined(separator: ", "))); pass --as HANDLE"
        case .permissionDenied(let what): "permission denied: \(what)"
        case .athleteNotFound(let h): "no athlete '\(h)' that you can access; see 'coach athlete list'"
        case .userNotFound(let h): "no user '\(h)'; see 'coach user list'"
        case .recordNotFound(let id): "no record '\(id)' that you can access; see 'coach log show'"
        case .duplicateHandle(let h): "the handle '\(h)' is already taken; choose another"
        case .invalidHandle(let h): "'\(h)' is not a valid handle; use 2–32 lowercase letters, digits, '-' or '_', starting with a letter"
        case .invalidInput(let why), .invalidData(let why): why
        case .retiredEpoch: "this athlete's key was rotated while writing; run the command again"
        case .tampered(let what): "integrity check failed for \(what); the workspace was altered outside coach — restore from a backup"
        case .weakPassphrase: "the passphrase is too short; use at least 8 characters"
        case .newerFormat(let what): "\(what) was written by a newer coach; upgrade coach to open it"
        case .weekNotFound(let monday): "no program week starting \(monday) for this athlete; create it with 'coach plan week --week \(monday) --create'"
        case .sessionNotFound(let id): "no planned session '\(id)' for this athlete; see 'coach plan week' for session ids"
        case .conflict(let why): why
        case .grantTampered(let athlete):
            "integrity check failed for the access grant of athlete '\(athlete)'; the workspace was altered outside coach — restore from a backup"
        }
    }
}

extension Handle {
    /// Refuses text that breaks the rules for a new handle.
    static func validate(_ text: String) throws {
        guard Handle(text).isValid else { throw StoreError.invalidHandle(text) }
    }
}
