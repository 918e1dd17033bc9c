import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct SyncJoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Start this machine's replica of a club server's workspace (a new machine).",
        discussion: """
            Needs an invitation code from 'sync invite' (asked for, or --code-file PATH or - \
            for stdin; never on the command line) and your passphrase (asked for, or \
            --passphrase-file). Makes the workspace file named by --workspace (else the \
            default) from the server's roster, verified, with a new device for this machine, \
            pulls what you may read and leaves you signed in. Nothing is left behind when it \
            fails; the file must not exist yet.
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: "The server's address: https://HOST[:PORT], or http:// to this machine only.")
    var server: String
    @Option(help: "The workspace's id on the server (printed by 'sync invite').")
    var workspaceId: String
    @Option(help: "Read the invitation code from PATH, or '-' for stdin.")
    var codeFile: String?
    @OptionGroup var output: OutputOptions

    func validate() throws {
        do {
            _ = try SyncAddress.parse(server)
        } catch let failure as SyncRemoteFailure {
            throw ValidationError(failure.problemDescription)
        }
        let allowed = workspaceId.utf8.allSatisfy {
            ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 122) || $0 == 45
        }
        guard allowed, (1...64).contains(workspaceId.utf8.count) else {
            throw ValidationError(
                "'\(workspaceId)' is not a workspace id (lower-case letters, digits and dashes)")
        }
        guard global.user.map({ Handle($0).isValid }) ?? false else {
            throw ValidationError("name the joining user with --as HANDLE")
        }
        if codeFile == "-" && global.passphraseFile == "-" {
            throw ValidationError("--code-file and --passphrase-file cannot both read stdin")
        }
    }

    func run() throws {
        try guarded {
            let workspace = try global.workspaceEntry()
            let handle = Handle(global.user ?? "")
            let code: Passphrase
            if let codeFile {
                code = try PassphraseReader.fromFile(codeFile)
            } else if let typed = try PassphraseReader.prompt("Invitation code: ") {
                code = typed
            } else {
                throw CLIError.usage("no terminal to ask for the code; pass --code-file PATH or -")
            }
            guard AppWorkspace.isInvitationCode(code) else {
                throw CLIError.usage(
                    "that is not an invitation code (24 letters and digits from 'sync invite')")
            }
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
            let report = try workspace.join(
                server: try SyncAddress.parse(server), workspaceId: workspaceId, handle: handle,
                code: code, passphrase: pass)
            if output.json { print(try Render.json(report)); return }
            print(
                "Joined \(report.workspace) on \(report.server) as '\(report.user)' (\(report.role))."
            )
            print("  workspace:  \(report.path)")
            print("  device:     \(report.device)")
            print("  pulled:     \(report.applied) changes")
            print("Signed in for 8h; 'coach sync' keeps this machine up to date.")
        }
    }
}
