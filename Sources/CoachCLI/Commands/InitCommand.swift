import ArgumentParser
import CoachApp
import CoachCrypto
import CoachStore
import Foundation

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Create a workspace and its owner.")

    @OptionGroup var global: GlobalOptions
    @Option(help: "Handle of the owner (the first user).") var owner: String
    @Option(help: "Password-hashing strength: interactive, moderate (default) or sensitive.")
    var kdf: String = "moderate"
    @Option(help: "Read the owner's new passphrase from PATH or '-' (else asked twice).")
    var newPassphraseFile: String?

    func run() throws {
        try guarded {
            let ctx = try CommandContext(global)
            guard let preset = KDFParameters.Preset(rawValue: kdf) else {
                throw CLIError.usage("--kdf must be interactive, moderate or sensitive")
            }
            let pass = try PassphraseReader.newPassphrase(
                file: newPassphraseFile ?? global.passphraseFile,
                label: "New passphrase for \(owner)")
            _ = try Workspace.create(
                at: ctx.workspacePath, owner: owner, passphrase: pass, preset: preset,
                clock: ctx.clock)
            print("Created workspace \(ctx.workspacePath) with owner '\(owner)'.")
        }
    }
}
