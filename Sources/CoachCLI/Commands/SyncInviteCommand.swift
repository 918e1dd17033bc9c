import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct SyncInviteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite",
        abstract: "Make a one-time code that lets a user join from a new machine.",
        discussion: """
            Run on a machine that already syncs. The owner invites any user, anyone else only \
            themselves. The code is printed once and kept nowhere: the server holds only a \
            verifier, and burns the invitation after 5 wrong codes. The new machine gives \
            the code, the server's address and the workspace id when it joins.
            """)
    @OptionGroup var global: GlobalOptions
    @Option(name: .customLong("for"), help: "The user to invite (default: yourself).")
    var invited: String?
    @Option(help: "How many hours the code stays valid (1 to 168).")
    var hours: Int = 24
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (1...168).contains(hours) else {
            throw ValidationError("--hours must be from 1 to 168 (7 days), not \(hours)")
        }
        if let invited, !Handle(invited).isValid {
            throw ValidationError("'\(invited)' is not a user handle")
        }
    }

    func run() throws {
        try guarded {
            let report = try global.session().invite(
                invited.map(Handle.init), expiresIn: Int64(hours) * 3_600)
            if output.json { print(try Render.json(report)); return }
            print("Invitation for \(report.user), valid until \(report.expiresAt):")
            print("  code:       \(report.code)")
            print("  server:     \(report.server)")
            print("  workspace:  \(report.workspace)")
            print(
                "This code is shown only now; hand it over as you would a passphrase. "
                    + "\(report.attempts) wrong codes burn it.")
        }
    }
}
