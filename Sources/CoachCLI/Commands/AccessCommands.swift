import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct AccessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "access", abstract: "Grant, revoke and list who can read an athlete.",
        subcommands: [Grant.self, Revoke.self, List.self, Rekey.self])

    struct Grant: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give users access to athletes' data.",
            discussion: "Both options take lists (a01,a02) and may be repeated.")
        @OptionGroup var global: GlobalOptions
        @Option(
            name: [.customShort("a"), .long], help: "Athletes, e.g. a01,a02 (repeatable).",
            completion: .athletes)
        var athlete: [String]
        @Option(help: "Users to grant, e.g. carl,dana (repeatable).") var to: [String]
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let pairs = try global.session().grantAccess(
                    athletes: HandleList.parse(athlete), to: HandleList.parse(to))
                if output.json {
                    print(try Render.json(pairs, shape: "access-granted", key: "grants"))
                    return
                }
                for p in pairs { print("Granted '\(p.user)' access to '\(p.athlete)'.") }
            }
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke users' access; rotates each athlete's key.",
            discussion: "Both options take lists (a01,a02) and may be repeated.")
        @OptionGroup var global: GlobalOptions
        @Option(
            name: [.customShort("a"), .long], help: "Athletes, e.g. a01,a02 (repeatable).",
            completion: .athletes)
        var athlete: [String]
        @Option(help: "Users to revoke, e.g. carl,dana (repeatable).") var from: [String]
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let pairs = try global.session().revokeAccess(
                    athletes: HandleList.parse(athlete), from: HandleList.parse(from))
                if output.json {
                    print(try Render.json(pairs, shape: "access-revoked", key: "revoked"))
                    return
                }
                for p in pairs {
                    print(
                        "Revoked '\(p.user)' from '\(p.athlete)'; new data uses a new key. Run 'coach access rekey --athlete \(p.athlete)' to re-encrypt history too."
                    )
                }
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Who holds each athlete's current key.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Option(name: [.customShort("a"), .long], completion: .athletes) var athlete: String?

        func run() throws {
            try guarded {
                let entries = try global.session().listAccess(athlete: athlete.map(Handle.init))
                if output.json {
                    print(try Render.json(entries, shape: "access-list", key: "grants")); return
                }
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

/// Handles given as lists (`a01,a02`) and/or repeated options, in order, without repeats.
enum HandleList {
    static func parse(_ values: [String]) throws -> [Handle] {
        var seen = Set<String>()
        let handles = values.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        guard !handles.isEmpty else { throw CLIError.usage("give at least one handle") }
        return handles.map(Handle.init)
    }
}
