import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct UnlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock", abstract: "Start a session so later commands need no passphrase.",
        discussion: HelpExamples.unlock)

    @OptionGroup var global: GlobalOptions
    @Option(help: "Session lifetime, e.g. 8h (default), 30m; at most 24h.") var ttl: String = "8h"

    func run() throws {
        try guarded {
            let workspace = try global.workspaceEntry()
            guard let handle = workspace.explicitUser else {
                throw CLIError.usage("name the user with --as HANDLE")
            }
            let seconds = try DurationParser.seconds(ttl)
            let pass: Passphrase
            if let file = global.passphraseFile {
                pass = try PassphraseReader.fromFile(file)
            } else if let prompted = try PassphraseReader.prompt("Passphrase for \(handle): ") {
                pass = prompted
            } else {
                throw CLIError.usage(
                    "no terminal to ask for the passphrase; pass --passphrase-file PATH or -")
            }
            Terminal.derivingKey()
            try workspace.unlock(handle, passphrase: pass, seconds: seconds)
            print("Unlocked '\(handle)' for \(DurationParser.format(seconds)).")
        }
    }
}

struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "End the session now.",
        discussion: """
            Ends the session of --as, else of $COACH_USER, else of the only or the most recently \
            unlocked user; --all ends every session of the workspace on this machine.
            """)
    @OptionGroup var global: GlobalOptions
    @Flag(help: "End every unlocked user's session of this workspace.") var all = false

    func validate() throws {
        if all && global.user != nil {
            throw ValidationError("--all and --as do not go together; give one of them")
        }
    }

    func run() throws {
        try guarded {
            let workspace = try global.workspaceEntry()
            if all {
                let ended = try workspace.lockAll()
                print(
                    ended.isEmpty
                        ? "No session to lock."
                        : "Locked " + ended.map { "'\($0)'" }.joined(separator: ", ") + ".")
                return
            }
            guard let handle = try workspace.lock(workspace.explicitUser) else {
                print("No session to lock.")
                return
            }
            print("Locked '\(handle)'.")
        }
    }
}

struct WhoamiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami", abstract: "Show the acting user and session.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    struct Info: Codable {
        let handle: String
        let role: String
        let athlete: String?
        let workspace: String
        let sessionExpires: String?
        let currentAthlete: String?
        let currentAthleteSource: String?
        enum CodingKeys: String, CodingKey {
            case handle, role, athlete, workspace
            case sessionExpires = "session_expires"
            case currentAthlete = "current_athlete"
            case currentAthleteSource = "current_athlete_source"
        }
    }

    func run() throws {
        try guarded {
            let me = try global.session().identity()
            let athlete = me.athlete?.rawValue
            let info = Info(
                handle: me.handle.rawValue, role: me.role.rawValue, athlete: athlete,
                workspace: me.workspace,
                sessionExpires: me.sessionExpires.map {
                    Instant(date: $0, timeZone: .current).description
                }, currentAthlete: me.current?.handle.rawValue,
                currentAthleteSource: me.current?.source.rawValue)
            if output.json { print(try Render.json(info, shape: "whoami")); return }
            print(
                "\(Terminal.bold(me.handle.rawValue)) (\(me.role.rawValue)\(athlete.map { ", athlete \($0)" } ?? ""))"
            )
            print("workspace \(me.workspace)")
            print(
                info.sessionExpires.map { "session until \($0)" }
                    ?? "no session (passphrase given for this command)")
            if let current = me.current {
                let origin = current.source == .environment ? " (from COACH_ATHLETE)" : ""
                print("current athlete \(current.handle)\(origin)")
            }
        }
    }
}
