import CoachApp
import CoachKit
import Foundation

/// How `coach` words the libraries' typed errors: inputs become option names (`--date`), fixes
/// become commands to run (`coach unlock --as HANDLE`).
///
/// The libraries below the CLI describe failures in neutral words; this is the one place that
/// knows the command line's spelling. Anything not listed here is shown in the library's words.
enum ErrorText {
    /// The one-line message for any library failure, in the command line's words.
    static func message(for failure: any CoachFailure) -> String {
        switch failure {
        case let error as AppError: return message(for: error)
        case let error as CoachKitError: return message(for: error)
        case let error as PluginUseError: return message(for: error)
        case let error as ImplausibleDuration: return message(for: error)
        default: break
        }
        if let detail = FailureDetail(failure) { return message(for: detail, of: failure) }
        return failure.remedy.map { "\(failure.problemDescription); \(fix($0))" }
            ?? failure.problemDescription
    }

    /// A failure whose detail the command line words its own way.
    static func message(for detail: FailureDetail, of failure: any CoachFailure) -> String {
        switch detail {
        case .notAWorkspace(let p):
            return "\(p) is not a coach workspace; \(fix(.checkWorkspacePath))"
        case .tampered(let what, let remedy):
            return "integrity check failed for \(what)\(remedy.map { " (\(fix($0)))" } ?? ""); "
                + "the workspace was altered outside coach — restore from a backup"
        case .newerFormat(let what):
            return "\(what) was written by a newer coach; \(fix(.upgrade))"
        case .athleteRequired:
            return
                "name the athlete with --athlete HANDLE (-a), or pick one with 'coach use HANDLE'"
        case .athleteUserNeedsAthlete:
            return "an athlete user needs --athlete ATHLETE"
        case .athleteOnlyForAthleteUser:
            return "--athlete applies only to --role athlete"
        case .parameterOutOfRange(let parameter, let range):
            return "\(flag(parameter)) must be \(range)"
        case .adherenceOnly:
            return "permission denied: athletes may only record adherence on their sessions "
                + "(--adherence N or --clear-adherence)"
        case .workspaceBusy:
            return "the workspace is busy (another coach process holds it); try again"
        case .unsupportedFormat(let found, let supported):
            return "the file's format is '\(found)'; this coach reads \(supported)"
        case .pluginNotTrusted(let path):
            return failure.problemDescription
                + "; check it, then run 'coach plugin add \(path ?? "PATH")' to trust it again"
        case .importRefused(let refusal):
            return "\(failure.problemDescription); nothing was imported from it "
                + "(\(importFix(refusal)))"
        case .prompt(let refusal):
            return PromptErrorText.text(refusal, problem: failure.problemDescription)
        }
    }

    /// The one-line message for a domain error: inputs are named by their options.
    static func message(for error: CoachKitError) -> String {
        switch error {
        case .outOfRange(.parameter(let p), let range):
            "\(flag(p)) is out of range; the valid range is \(range)"
        case .unknownName(.parameter(let p), let value, let valid):
            "unknown \(flag(p)) '\(value)'; valid: \(valid.joined(separator: ", "))"
        case .optionNotApplicable(let option, let entry, let valid):
            "\(flag(option)) does not apply to \(entry); its options are \(flags(valid))"
        case .nothingToChange(let entry, let valid):
            "nothing to change; give at least one option for \(entry): \(flags(valid))"
        default:
            error.localizedDescription
        }
    }

    /// A doctor check's detail followed by the command that fixes it, if any.
    static func detail(of check: DoctorCheck) -> String {
        check.remedy.map { "\(check.detail); \(fix($0))" } ?? check.detail
    }

    /// The fix as the command line says it: a command to run or an option to pass.
    static func fix(_ remedy: Remedy) -> String {
        switch remedy {
        case .createWorkspace: "create one with 'coach init --owner HANDLE' or pass --workspace"
        case .checkWorkspacePath: "check the --workspace path"
        case .chooseAnotherWorkspacePath: "choose another --workspace path"
        case .chooseAnotherOutputPath: "choose another --out path or remove that file first"
        case .makePrivateOrAllowShared(let path): "run 'chmod 600 \(path)' or pass --allow-shared"
        case .moveOrAllowShared: "move it or pass --allow-shared"
        case .restoreBackup: "restore it from a backup with 'coach restore FILE'"
        case .confirmRestoredBackup(let marks):
            "if an older copy was put back on purpose, 'rm \(marks)' and sign in again"
        case .repairSnapshots: "run `coach doctor --repair`"
        case .upgrade: "upgrade coach to open it"
        case .moveToNewWorkspace:
            "export each athlete with the earlier coach ('coach export') and import them into a "
                + "new workspace ('coach init', then 'coach import json')"
        case .unlock: "run 'coach unlock --as HANDLE' or pass --passphrase-file"
        case .unlockAgain: "run 'coach unlock' again"
        case .nameActingUser: "pass --as HANDLE"
        case .nameAthlete: "pass --athlete HANDLE"
        case .giveAthleteName: "pass --name"
        case .chooseCoachOrAthleteRole: "use --role coach or athlete"
        case .listAthletes: "see 'coach athlete list'"
        case .listUsers: "see 'coach user list'"
        case .listRecords: "see 'coach log show'"
        case .listDevices: "see 'coach device list'"
        case .listPlannedSessions: "see 'coach plan week' for session ids"
        case .createWeek(let monday): "create it with 'coach plan week --week \(monday) --create'"
        case .chooseAnotherCopyTarget: "choose another --to week or --to-athletes"
        case .replaceWeek: "pass --replace to overwrite it"
        case .recordAdherence:
            "athletes may record adherence with 'coach plan session edit ID --adherence N'"
        case .enrol(let handle):
            "redeem the one-time code with 'coach user enrol \(handle)' (ask the owner for a "
                + "new one with 'coach user reset \(handle)')"
        case .finishCheckpoint:
            "close the other programs that have the workspace open (sqlite3, other coach "
                + "commands), then run 'coach doctor --repair'"
        case .writeLogEvidence:
            "the evidence is kept: write it with 'coach sync status --evidence FILE'"
        }
    }

    /// The option that gives `parameter`: its identifier in kebab case after two dashes.
    static func flag(_ parameter: Parameter) -> String {
        "--" + parameter.rawValue.replacingOccurrences(of: "_", with: "-")
    }

    private static func flags(_ parameters: [Parameter]) -> String {
        parameters.map(flag).joined(separator: ", ")
    }
}

extension ErrorText {
    /// An application-layer error as the command line says it.
    static func message(for error: AppError) -> String {
        switch error {
        case .invalidNow: "COACH_NOW must be an ISO 8601 instant like 2026-11-24T07:00:00+01:00"
        case .userRequired: "with --passphrase-file, name the user with --as HANDLE"
        case .passphraseUnavailable:
            "no terminal to ask for the passphrase; pass --passphrase-file PATH or -"
        case .sessionExpired(let handle):
            "the session of '\(handle)' has expired or was locked; "
                + "run 'coach unlock --as \(handle)' again"
        case .backupMissing(let path):
            "there is no backup at \(path); check the path (backups come from 'coach backup')"
        case .outputUnwritable(let path, let reason):
            "cannot write \(path): \(reason); check that the folder exists and is writable"
        case .notABackup(let path):
            "\(path) is not a coach backup; give a file written by 'coach backup --out FILE'"
        }
    }
}
