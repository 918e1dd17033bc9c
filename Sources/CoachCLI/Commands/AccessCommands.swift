import ArgumentParser
import CoachApp
import CoachKit
import CoachStore
import Foundation

struct AccessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "access", abstract: "Grant, revoke and list who can read an athlete.",
        subcommands: [Grant.self, Revoke.self, List.self, Rekey.self])

    struct Grant: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a user access to an athlete's data.")
        @OptionGroup var global: GlobalOptions
        @Option var athlete: String
        @Option(help: "Handle of the user to grant.") var to: String

        func run() throws {
            try guarded {
                try global.session().grantAccess(athlete: Handle(athlete), to: Handle(to))
                print("Granted '\(to)' access to '\(athlete)'.")
            }
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke a user's access; rotates the athlete's key.")
        @OptionGroup var global: GlobalOptions
        @Option var athlete: String
        @Option(help: "Handle of the user to revoke.") var from: String

        func run() throws {
            try guarded {
                try global.session().revokeAccess(athlete: Handle(athlete), from: Handle(from))
                print(
                    "Revoked '\(from)' from '\(athlete)'; new data uses a new key. Run 'coach access rekey --athlete \(athlete)' to re-encrypt history too."
                )
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Who holds each athlete's current key.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Option var athlete: String?

        func run() throws {
            try guarded {
                let entries = try global.session().listAccess(athlete: athlete.map(Handle.init))
                if output.json { print(try Render.json(entries)); return }
                print(
                    Render.table(
                        ["ATHLETE", "USER", "ROLE", "EPOCH", "CREATED BY"],
                        entries.map {
                            [$0.athlete, $0.user, $0.role.rawValue, String($0.epoch), $0.createdBy]
                        }))
            }
        }
    }

    struct Rekey: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-encrypt an athlete's history under the newest key.")
        @OptionGroup var global: GlobalOptions
        @Option var athlete: String

        func run() throws {
            try guarded {
                let n = try global.session().rekey(athlete: Handle(athlete))
                print("Re-encrypted \(n) records of '\(athlete)'.")
            }
        }
    }
}
