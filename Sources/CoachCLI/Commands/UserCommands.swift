import ArgumentParser
import CoachApp
import CoachKit
import CoachStore
import Foundation

struct UserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage the people who use this workspace.",
        subcommands: [Add.self, List.self, Passwd.self, Disable.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a coach, or an athlete user bound to one athlete.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Handle of the new user.") var handle: String
        @Option(help: "coach or athlete.") var role: String
        @Option(help: "For --role athlete: the athlete this user is.") var athlete: String?
        @Option(help: "Read the new user's passphrase from PATH or '-' (else asked twice).") var newPassphraseFile: String?

        func run() throws {
            try guarded {
                guard let r = Role(rawValue: role), r != .owner else { throw CLIError.usage("--role must be coach or athlete") }
                if newPassphraseFile == "-" && global.passphraseFile == "-" {
                    throw CLIError.usage("only one of --passphrase-file and --new-passphrase-file can read stdin")
                }
                let session = try global.session()
                let (ws, me) = (session.workspace, session.principal)
                let pass = try PassphraseReader.newPassphrase(file: newPassphraseFile, label: "New passphrase for \(handle)")
                try ws.addUser(handle: handle, role: r, athleteHandle: athlete.map(Handle.init), passphrase: pass, as: me)
                print(r == .athlete ? "Added athlete user '\(handle)'." : "Added coach '\(handle)'.")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List users.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let session = try global.session()
                let (ws, me) = (session.workspace, session.principal)
                let users = try ws.listUsers(as: me)
                if output.json { print(try Render.json(users)); return }
                print(Render.table(["HANDLE", "ROLE", "ATHLETE", "STATUS"], users.map {
                    [$0.handle.rawValue, $0.role.rawValue, $0.athlete?.rawValue ?? "", $0.disabled ? "disabled" : "active"]
                }))
            }
        }
    }

    struct Passwd: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change your passphrase (ends your sessions).")
        @OptionGroup var global: GlobalOptions
        @Option(help: "Read the new passphrase from PATH or '-' (else asked twice).") var newPassphraseFile: String?

        func run() throws {
            try guarded {
                let session = try global.session()
                let (ws, me) = (session.workspace, session.principal)
                let pass = try PassphraseReader.newPassphrase(file: newPassphraseFile, label: "New passphrase")
                try ws.changePassphrase(as: me, to: pass)
                try global.tokens().remove(handle: me.handle.rawValue)
                print("Passphrase changed for '\(me.handle)'; unlock again to start a session.")
            }
        }
    }

    struct Disable: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Disable a user (owner only).")
        @OptionGroup var global: GlobalOptions
        @Argument var handle: String

        func run() throws {
            try guarded {
                let session = try global.session()
                let (ws, me) = (session.workspace, session.principal)
                try ws.disableUser(handle: handle, as: me)
                print("Disabled '\(handle)'.")
            }
        }
    }
}
