import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// `coach user enrol`: redeem a one-time code and choose a passphrase.
struct UserEnrolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enrol",
        abstract: "Redeem your one-time enrolment code and choose your passphrase.",
        discussion:
            "Asks for the code, then the new passphrase twice, on the terminal (or reads them "
            + "from --code-file and --new-passphrase-file). Never from the command line.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Your handle.") var handle: String
    @Option(help: "Read the enrolment code from PATH or '-' (else asked).") var codeFile: String?
    @Option(help: "Read the new passphrase from PATH or '-' (else asked twice).")
    var newPassphraseFile: String?

    func run() throws {
        try guarded {
            if codeFile == "-" && newPassphraseFile == "-" {
                throw CLIError.usage(
                    "only one of --code-file and --new-passphrase-file can read stdin")
            }
            let code: Passphrase
            if let codeFile {
                code = try PassphraseReader.fromFile(codeFile)
            } else if let typed = try PassphraseReader.prompt("Enrolment code for \(handle): ") {
                code = typed
            } else {
                throw CLIError.usage("no terminal to ask for the code; pass --code-file PATH or -")
            }
            let pass = try PassphraseReader.newPassphrase(
                file: newPassphraseFile, label: "New passphrase for \(handle)")
            try AppSession.enrol(
                global.signIn, environment: try global.environment(), handle: Handle(handle),
                code: code, newPassphrase: pass)
            print("Enrolled '\(handle)'. Start a session with 'coach unlock --as \(handle)'.")
        }
    }

    /// Prints a new one-time code with what to do with it.
    static func show(_ code: String, handle: String, json: Bool) {
        if json {
            print(
                (try? Render.json(["handle": handle, "enrolment_code": code], shape: "enrolment"))
                    ?? "")
            return
        }
        print("One-time enrolment code for '\(handle)': \(code)")
        print(
            "Give it to \(handle) privately; they run 'coach user enrol \(handle)' and choose "
                + "their own passphrase. It works once.")
    }
}

/// `coach user reset`: the owner's passphrase reset, by a new one-time code.
struct UserResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Give a user who forgot their passphrase a new one-time code (owner only).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The user's handle.") var handle: String
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let code = try global.session().resetUser(Handle(handle))
            UserEnrolCommand.show(code, handle: handle, json: output.json)
        }
    }
}
