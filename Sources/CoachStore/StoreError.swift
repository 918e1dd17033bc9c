import CoachKit
import Foundation

/// What can go wrong inside a workspace.
///
/// Each case says what was wrong in neutral words (`problem`) and, where the user can do
/// something about it, what kind of fix helps (`remedy`), so every front end can phrase both its
/// own way; none carries health values, passphrases or key bytes. `category` maps a case to a
/// class of failure (the CLI's exit code).
public enum StoreError: LocalizedError, Equatable, Sendable {
    /// Broad classes of failure, one exit code each (the failure protocol's categories).
    public typealias Category = FailureCategory

    case workspaceMissing(String)
    case workspaceExists(String)
    /// An output file (export, report) that already exists; coach never overwrites one.
    case fileExists(String)
    case notAWorkspace(String)
    /// A path refused for safety; `reason` says why, `remedy` what would make it acceptable.
    case unsafePath(String, reason: String, remedy: Remedy? = nil)
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
    /// No device (or more than one) has the id or prefix.
    case deviceNotFound(String)
    case duplicateHandle(String)
    case invalidHandle(String)
    case invalidInput(String)
    /// A record id that already names a record of another kind (on every write path: a log
    /// entry, a dataset import, a device import).
    case recordKindClash(id: String, existingKind: String)
    /// Data that breaks a rule of the format or a physiological range.
    case invalidData(String)
    case retiredEpoch
    /// Data that fails its integrity check; `remedy` names a repair short of a restore, if any.
    case tampered(String, remedy: Remedy? = nil)
    case weakPassphrase
    case newerFormat(String)
    /// A workspace made by an earlier version, before membership was signed; carries its path.
    case unsignedMembership(String)
    /// No program week at the named Monday; carries the Monday.
    case weekNotFound(String)
    /// No planned session with the id; carries the id.
    case sessionNotFound(String)
    /// The change would overwrite data that exists; carries what and how to proceed.
    case conflict(String)
    /// A request about one athlete that names none (and the user is not an athlete user).
    case athleteRequired
    /// An athlete profile whose name is empty.
    case athleteNameEmpty
    /// A request input outside the values it may take; `range` reads "between 1m and 24h".
    case parameterOutOfRange(Parameter, range: String)
    /// A second owner was asked for; a workspace has exactly one.
    case secondOwner
    /// A new athlete user without the athlete it belongs to.
    case athleteUserNeedsAthlete
    /// An athlete named for a new user who is not an athlete user.
    case athleteOnlyForAthleteUser
    /// A program week copied onto itself (same week, same athlete).
    case weekCopiedOntoItself
    /// A week copy whose target week already has sessions; carries the target Monday.
    case weekHasSessions(monday: String)
    /// An athlete user changing more of a planned session than its adherence.
    case adherenceOnly
    /// An athlete user changing a plan.
    case planChangeDenied
    /// Another process holds the workspace's write lock past the busy timeout.
    case workspaceBusy
    /// An interchange file of a format this version does not read.
    case unsupportedFormat(found: String, supported: String)
    /// An athlete's access grant (or the user's own copy of it) was altered; carries the
    /// athlete's handle as the user last saw it, else the athlete's id.
    case grantTampered(athlete: String)
    /// A change was committed but the write-ahead log could not be checkpointed afterwards (a
    /// reader held it), so deleted ciphertext may remain there; carries what was done.
    case checkpointIncomplete(String)
    /// The user has not redeemed their one-time enrolment code yet; carries the handle.
    case enrolmentPending(String)

    public var category: Category {
        switch self {
        case .workspaceMissing, .athleteNotFound, .userNotFound, .recordNotFound, .weekNotFound,
            .sessionNotFound, .deviceNotFound:
            .notFound
        case .workspaceExists, .fileExists, .duplicateHandle, .retiredEpoch, .conflict,
            .recordKindClash,
            .weekHasSessions, .checkpointIncomplete:
            .conflict
        case .notAWorkspace, .corrupt, .tampered, .newerFormat, .grantTampered: .corrupt
        case .unsafePath, .invalidHandle, .invalidInput, .weakPassphrase, .ambiguousSession,
            .athleteRequired, .athleteNameEmpty, .parameterOutOfRange, .secondOwner,
            .athleteUserNeedsAthlete, .athleteOnlyForAthleteUser, .weekCopiedOntoItself,
            .workspaceBusy:
            .usage
        case .invalidData, .unsupportedFormat, .unsignedMembership: .invalidData
        case .authenticationFailed, .userDisabled, .noSession, .sessionExpired, .enrolmentPending:
            .auth
        case .permissionDenied, .adherenceOnly, .planChangeDenied: .permission
        }
    }

    /// The problem followed by the neutral phrasing of the remedy, if there is one.
    public var errorDescription: String? {
        remedy.map { "\(problem); \($0)" } ?? problem
    }
}

extension Handle {
    /// Refuses text that breaks the rules for a new handle.
    static func validate(_ text: String) throws {
        guard Handle(text).isValid else { throw StoreError.invalidHandle(text) }
    }
}

extension StoreError: CoachFailure {
    public var problemDescription: String { problem }
}
