import ArgumentParser
import CoachKit
import CoachStore
import Foundation
import Testing

@testable import CoachCLI

/// `ErrorText`: the command line's wording of the libraries' typed errors. Each case below is the
/// message `coach` printed before the libraries became front-end neutral, so the CLI's output is
/// unchanged; the libraries' own messages name no option and no command.
@Suite struct ErrorTextTests {
    struct Phrasing: Sendable, CustomTestStringConvertible {
        let error: StoreError
        let cli: String
        var testDescription: String { cli }
    }

    static let store: [Phrasing] = [
        .init(
            error: .workspaceMissing("/w.sqlite"),
            cli:
                "no workspace at /w.sqlite; create one with 'coach init --owner HANDLE' or pass --workspace"
        ),
        .init(
            error: .workspaceExists("/b.sqlite"),
            cli: "a file already exists at /b.sqlite; choose another --workspace path"),
        .init(
            error: .fileExists("/o.csv"),
            cli:
                "a file already exists at /o.csv; choose another --out path or remove that file first"
        ),
        .init(
            error: .notAWorkspace("/x"),
            cli: "/x is not a coach workspace; check the --workspace path"),
        .init(
            error: .unsafePath(
                "/w", reason: "others can write to it",
                remedy: .makePrivateOrAllowShared(path: "/w")),
            cli:
                "refusing workspace /w: others can write to it; run 'chmod 600 /w' or pass --allow-shared"
        ),
        .init(
            error: .unsafePath(
                "/w", reason: "its folder is writable by everyone", remedy: .moveOrAllowShared),
            cli:
                "refusing workspace /w: its folder is writable by everyone; move it or pass --allow-shared"
        ),
        .init(
            error: .unsafePath("/w", reason: "it is a symbolic link; pass the real path"),
            cli: "refusing workspace /w: it is a symbolic link; pass the real path"),
        .init(
            error: .corrupt("database file"),
            cli:
                "the workspace is damaged (database file); restore it from a backup with 'coach restore FILE'"
        ),
        .init(
            error: .noSession,
            cli: "no unlocked session; run 'coach unlock --as HANDLE' or pass --passphrase-file"),
        .init(
            error: .sessionExpired,
            cli: "the session has expired or was locked; run 'coach unlock' again"),
        .init(
            error: .ambiguousSession(["olivia", "carl"]),
            cli: "several users are unlocked (olivia, carl); pass --as HANDLE"),
        .init(
            error: .athleteNotFound("jane"),
            cli: "no athlete 'jane' that you can access; see 'coach athlete list'"),
        .init(error: .userNotFound("carl"), cli: "no user 'carl'; see 'coach user list'"),
        .init(
            error: .recordNotFound("r1"),
            cli: "no record 'r1' that you can access; see 'coach log show'"),
        .init(
            error: .newerFormat("the workspace"),
            cli: "the workspace was written by a newer coach; upgrade coach to open it"),
        .init(
            error: .weekNotFound("2026-11-23"),
            cli: "no program week starting 2026-11-23 for this athlete; "
                + "create it with 'coach plan week --week 2026-11-23 --create'"),
        .init(
            error: .sessionNotFound("s1"),
            cli: "no planned session 's1' for this athlete; see 'coach plan week' for session ids"),
        .init(
            error: .tampered("the access grant of this athlete"),
            cli: "integrity check failed for the access grant "
                + "of this athlete; the workspace was altered outside coach — restore from a backup"
        ),
        .init(
            error: .tampered("the snapshot of an athlete", remedy: .repairSnapshots),
            cli:
                "integrity check failed for the snapshot of an athlete (run `coach doctor --repair`); "
                + "the workspace was altered outside coach — restore from a backup"),
        .init(
            error: .athleteRequired,
            cli: "name the athlete with --athlete HANDLE (-a), or pick one with 'coach use HANDLE'"),
        .init(error: .athleteNameEmpty, cli: "the athlete's name is empty; pass --name"),
        .init(
            error: .parameterOutOfRange(.ttl, range: "between 1m and 24h"),
            cli: "--ttl must be between 1m and 24h"),
        .init(error: .secondOwner, cli: "a workspace has one owner; use --role coach or athlete"),
        .init(error: .athleteUserNeedsAthlete, cli: "an athlete user needs --athlete ATHLETE"),
        .init(error: .athleteOnlyForAthleteUser, cli: "--athlete applies only to --role athlete"),
        .init(
            error: .weekCopiedOntoItself,
            cli: "a week cannot be copied onto itself; choose another --to week or --to-athletes"),
        .init(
            error: .weekHasSessions(monday: "2026-11-30"),
            cli: "the week of 2026-11-30 already has sessions for one "
                + "of the athletes; pass --replace to overwrite it"),
        .init(
            error: .adherenceOnly,
            cli: "permission denied: athletes may only record adherence on their sessions "
                + "(--adherence N or --clear-adherence)"),
        .init(
            error: .planChangeDenied,
            cli: "permission denied: only coaches and the owner change plans; athletes may "
                + "record adherence with 'coach plan session edit ID --adherence N'"),
        .init(
            error: .workspaceBusy,
            cli: "the workspace is busy (another coach process holds it); try again"),
        .init(
            error: .unsupportedFormat(found: "coach/9", supported: "coach/1"),
            cli: "the file's format is 'coach/9'; this coach reads coach/1"),
        .init(
            error: .authenticationFailed,
            cli: "wrong user handle or passphrase; check both and try again"),
        .init(
            error: .permissionDenied("no access to this athlete"),
            cli: "permission denied: no access to this athlete"),
    ]

    /// An option or a `coach <command>` text, which only the CLI may write.
    static func isNeutral(_ text: String) -> Bool {
        text.firstMatch(of: #/--[A-Za-z]/#) == nil && text.firstMatch(of: #/\bcoach [a-z]/#) == nil
    }

    @Test(
        "Workspace errors read as before on the command line, and neutrally in the library",
        arguments: store)
    func storePhrasing(p: Phrasing) {
        #expect(ErrorText.message(for: p.error) == p.cli)
        let neutral = p.error.localizedDescription
        #expect(Self.isNeutral(neutral), "library message names an option or a command: \(neutral)")
        #expect(neutral.hasPrefix(p.error.problem) && !neutral.isEmpty)
    }

    @Test("Log-edit and view inputs become their options: --hrv, --date, --metric")
    func domainPhrasing() {
        let hrv = CoachKitError.optionNotApplicable(
            option: .hrv, entry: "this resting_hr sample",
            valid: [.restHr, .value, .time, .date])
        #expect(
            ErrorText.message(for: hrv)
                == "--hrv does not apply to this resting_hr sample; "
                + "its options are --rest-hr, --value, --time, --date")
        let future = CoachKitError.outOfRange(field: .parameter(.date), range: "today or earlier")
        #expect(
            ErrorText.message(for: future)
                == "--date is out of range; the valid range is today or earlier")
        let days = CoachKitError.outOfRange(field: .parameter(.days), range: "1–3660")
        #expect(ErrorText.message(for: days) == "--days is out of range; the valid range is 1–3660")
        let metric = CoachKitError.unknownName(
            field: .parameter(.metric), value: "x",
            valid: ["ctl", "atl"])
        #expect(ErrorText.message(for: metric) == "unknown --metric 'x'; valid: ctl, atl")
        let empty = CoachKitError.nothingToChange(
            entry: "a sleep block",
            valid: LogPatch.options(for: .sleep))
        #expect(
            ErrorText.message(for: empty)
                == "nothing to change; give at least one option for a sleep block: --sleep, --date")
        let data = CoachKitError.outOfRange(field: "mood", range: "1–5")
        #expect(
            ErrorText.message(for: data) == data.localizedDescription,
            "data fields read the same everywhere")
        for error in [hrv, future, days, metric, empty] {
            #expect(Self.isNeutral(error.localizedDescription), "\(error.localizedDescription)")
        }
    }

    static let logEditInputs = Parameter.allCases.filter { p in
        RecordKind.allCases.contains { LogPatch.options(for: $0).contains(p) }
    }

    @Test("Every log-edit input's option exists on `coach log edit`", arguments: logEditInputs)
    func logEditOptionsExist(parameter: Parameter) throws {
        _ = try LogCommand.Edit.parse(["an-id", ErrorText.flag(parameter), "1"])
    }

    @Test("View and session inputs are options of their commands")
    func otherOptionsExist() throws {
        _ = try TrendCommand.parse([
            ErrorText.flag(.days), "7", ErrorText.flag(.metric), "ctl",
            ErrorText.flag(.date), "today",
        ])
        _ = try UnlockCommand.parse([ErrorText.flag(.ttl), "8h"])
    }

    @Test("A failed snapshot check suggests the repair command; a passing one does not")
    func doctorDetail() {
        let stale = DoctorCheck(
            name: "snapshots", ok: false,
            detail: "1 of 2 athlete snapshots are missing", remedy: .repairSnapshots)
        #expect(
            ErrorText.detail(of: stale)
                == "1 of 2 athlete snapshots are missing; run `coach doctor --repair`")
        let fine = DoctorCheck(
            name: "snapshots", ok: true,
            detail: "2 athlete snapshots match their records")
        #expect(ErrorText.detail(of: fine) == fine.detail)
    }
}
