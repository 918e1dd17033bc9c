import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct UserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage the people who use this workspace.",
        subcommands: [
            Add.self, List.self, Passwd.self, Disable.self, UserEnrolCommand.self,
            UserResetCommand.self,
        ])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a coach, or an athlete user bound to one athlete.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Handle of the new user.") var handle: String
        @Option(help: "coach or athlete.") var role: String
        @Option(
            name: [.customShort("a"), .long], help: "For --role athlete: the athlete this user is.",
            completion: .athletes) var athlete: String?
        @Option(
            help: ArgumentHelp(
                "Read the new user's passphrase from PATH or '-'; an athlete user's only by the"
                    + " owner (else a coach is asked twice, an athlete user gets a code)."))
        var newPassphraseFile: String?
        @Flag(
            help: ArgumentHelp(
                "Owner only, for an athlete user: ask for a passphrase to set instead of"
                    + " printing an enrolment code (shown in 'coach user list')."))
        var setPassphrase = false
        @Flag(
            help: ArgumentHelp(
                "Print a one-time enrolment code instead of setting a passphrase; the user"
                    + " redeems it with 'coach user enrol' and chooses their own (the default"
                    + " for athlete users)."))
        var enrolmentCode = false
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                guard let r = Role(rawValue: role), r != .owner else {
                    throw CLIError.usage("--role must be coach or athlete")
                }
                if enrolmentCode && (newPassphraseFile != nil || setPassphrase) {
                    throw CLIError.usage(
                        "--enrolment-code excludes --new-passphrase-file and --set-passphrase")
                }
                let setsPassphrase = newPassphraseFile != nil || setPassphrase
                if enrolmentCode || (r == .athlete && !setsPassphrase) {
                    let code = try global.session().addUserForEnrolment(
                        Handle(handle), role: r, athlete: athlete.map(Handle.init))
                    UserEnrolCommand.show(code, handle: handle, json: output.json)
                    return
                }
                if newPassphraseFile == "-" && global.passphraseFile == "-" {
                    throw CLIError.usage(
                        "only one of --passphrase-file and --new-passphrase-file can read stdin")
                }
                let session = try global.session()
                let pass = try PassphraseReader.newPassphrase(
                    file: newPassphraseFile, label: "New passphrase for \(handle)")
                try session.addUser(
                    Handle(handle), role: r, athlete: athlete.map(Handle.init), passphrase: pass)
                if output.json {
                    print(
                        try Render.json(
                            ["handle": handle, "role": r.rawValue], shape: "user-added"))
                    return
                }
                print(
                    r == .athlete ? "Added athlete user '\(handle)'." : "Added coach '\(handle)'.")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List users.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let users = try global.session().listUsers()
                if output.json {
                    print(try Render.json(users, shape: "user-list", key: "users")); return
                }
                print(
                    Render.table(
                        ["HANDLE", "ROLE", "ATHLETE", "STATUS"],
                        users.map {
                            [
                                $0.handle.rawValue, $0.role.rawValue, $0.athlete?.rawValue ?? "",
                                $0.disabled
                                    ? "disabled"
                                    : $0.pending
                                        ? "waiting to enrol"
                                        : $0.passphraseSetByCreator
                                            ? "active, passphrase set by creator" : "active",
                            ]
                        }))
            }
        }
    }

    struct Passwd: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change your passphrase (ends your sessions).")
        @OptionGroup var global: GlobalOptions
        @Option(help: "Read the new passphrase from PATH or '-' (else asked twice).")
        var newPassphraseFile: String?

        func run() throws {
            try guarded {
                let session = try global.session()
                let pass = try PassphraseReader.newPassphrase(
                    file: newPassphraseFile, label: "New passphrase")
                try session.changePassphrase(to: pass)
                print(
                    "Passphrase changed for '\(session.principal.handle)'; unlock again to start a session."
                )
            }
        }
    }

    struct Disable: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Disable a user (owner only); asks first on a terminal.")
        @OptionGroup var global: GlobalOptions
        @Argument var handle: String
        @Flag(help: "Do not ask for confirmation.") var yes = false
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let session = try global.session()
                try Confirm.destructive(
                    "Disable '\(handle)'? They can no longer sign in.", yes: yes,
                    action: "disable")
                try session.disableUser(Handle(handle))
                if output.json {
                    print(try Render.json(["disabled": handle], shape: "user-disabled")); return
                }
                print("Disabled '\(handle)'.")
            }
        }
    }
}
