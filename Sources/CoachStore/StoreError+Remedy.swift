import CoachKit
import Foundation

extension StoreError {
    /// What went wrong, in neutral words and without the remedy.
    public var problem: String {
        switch self {
        case .workspaceMissing(let p): "no workspace at \(p)"
        case .workspaceExists(let p), .fileExists(let p): "a file already exists at \(p)"
        case .notAWorkspace(let p): "\(p) is not a workspace"
        case .unsafePath(let p, let reason, _): "refusing workspace \(p): \(reason)"
        case .corrupt(let what): "the workspace is damaged (\(what))"
        case .authenticationFailed: "wrong user handle or passphrase; check both and try again"
        case .userDisabled(let h):
            "user '\(h)' is disabled; ask the workspace owner to re-enable it"
        case .noSession: "no unlocked session"
        case .sessionExpired: "the session has expired or was locked"
        case .ambiguousSession(let handles):
            "several users are unlocked (\(handles.joined(separator: ", ")))"
        case .permissionDenied(let what): "permission denied: \(what)"
        case .athleteNotFound(let h): "no athlete '\(h)' that you can access"
        case .userNotFound(let h): "no user '\(h)'"
        case .recordNotFound(let id): "no record '\(id)' that you can access"
        case .deviceNotFound(let id): "no single device has an id starting '\(id)'"
        case .duplicateHandle(let h): "the handle '\(h)' is already taken; choose another"
        case .invalidHandle(let h):
            "'\(h)' is not a valid handle; use 2–32 lowercase letters, digits, '-' or '_', "
                + "starting with a letter"
        case .invalidInput(let why), .invalidData(let why), .conflict(let why): why
        case .recordKindClash(let id, let kind):
            "the id '\(id)' already belongs to a \(kind) record; nothing was written"
        case .retiredEpoch: "this athlete's key was rotated while writing; run the command again"
        case .tampered(let what, _):
            "integrity check failed for \(what); "
                + "the workspace was altered outside coach — restore from a backup"
        case .weakPassphrase: "the passphrase is too short; use at least 8 characters"
        case .newerFormat(let what): "\(what) was written by a newer version"
        case .unsignedMembership(let path):
            "the workspace \(path) was made by an earlier version, before membership was signed, "
                + "and is not opened (nothing in it was changed)"
        case .weekNotFound(let monday): "no program week starting \(monday) for this athlete"
        case .sessionNotFound(let id): "no planned session '\(id)' for this athlete"
        case .athleteRequired: "no athlete was named"
        case .athleteNameEmpty: "the athlete's name is empty"
        case .parameterOutOfRange(let parameter, let range): "\(parameter) must be \(range)"
        case .secondOwner: "a workspace has one owner"
        case .athleteUserNeedsAthlete: "an athlete user needs the athlete it belongs to"
        case .athleteOnlyForAthleteUser: "only an athlete user belongs to an athlete"
        case .weekCopiedOntoItself: "a week cannot be copied onto itself"
        case .weekHasSessions(let monday):
            "the week of \(monday) already has sessions for one of the athletes"
        case .adherenceOnly:
            "permission denied: athletes may only record adherence on their sessions"
        case .planChangeDenied: "permission denied: only coaches and the owner change plans"
        case .workspaceBusy: "the workspace is busy (another process holds it); try again"
        case .unsupportedFormat(let found, let supported):
            "the file's format is '\(found)'; this version reads \(supported)"
        case .grantTampered(let athlete):
            "integrity check failed for the access grant of athlete '\(athlete)'; "
                + "the workspace was altered outside coach — restore from a backup"
        case .enrolmentPending(let h): "user '\(h)' has not enrolled yet"
        case .checkpointIncomplete(let done):
            "\(done), but the write-ahead log could not be checkpointed because another "
                + "program has the workspace open, so the deleted ciphertext may still be in "
                + "the -wal file"
        }
    }

    /// What kind of fix helps, for the front end to phrase; nil when the problem says it all.
    public var remedy: Remedy? {
        switch self {
        case .unsafePath(_, _, let remedy), .tampered(_, let remedy): remedy
        case .workspaceMissing: .createWorkspace
        case .workspaceExists: .chooseAnotherWorkspacePath
        case .fileExists: .chooseAnotherOutputPath
        case .notAWorkspace: .checkWorkspacePath
        case .corrupt: .restoreBackup
        case .noSession: .unlock
        case .sessionExpired: .unlockAgain
        case .ambiguousSession: .nameActingUser
        case .athleteNotFound: .listAthletes
        case .userNotFound: .listUsers
        case .recordNotFound: .listRecords
        case .deviceNotFound: .listDevices
        case .newerFormat: .upgrade
        case .unsignedMembership: .moveToNewWorkspace
        case .weekNotFound(let monday): .createWeek(monday: monday)
        case .sessionNotFound: .listPlannedSessions
        case .athleteRequired, .athleteUserNeedsAthlete: .nameAthlete
        case .athleteNameEmpty: .giveAthleteName
        case .secondOwner: .chooseCoachOrAthleteRole
        case .weekCopiedOntoItself: .chooseAnotherCopyTarget
        case .weekHasSessions: .replaceWeek
        case .planChangeDenied: .recordAdherence
        case .authenticationFailed, .userDisabled, .permissionDenied, .duplicateHandle,
            .invalidHandle, .invalidInput, .invalidData, .conflict, .retiredEpoch, .weakPassphrase,
            .recordKindClash,
            .parameterOutOfRange, .athleteOnlyForAthleteUser, .adherenceOnly, .workspaceBusy,
            .unsupportedFormat:
            nil
        case .grantTampered: .restoreBackup
        case .checkpointIncomplete: .finishCheckpoint
        case .enrolmentPending(let h): .enrol(handle: h)
        }
    }
}
