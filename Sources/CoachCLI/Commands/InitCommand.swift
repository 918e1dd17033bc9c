import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Create a workspace and its owner.",
        discussion: HelpExamples.initialise)

    @OptionGroup var global: GlobalOptions
    @Option(help: "Handle of the owner (the first user).") var owner: String
    @Option(help: "Password-hashing strength: interactive, moderate (default) or sensitive.")
    var kdf: PassphraseStrength = .moderate
    @Option(help: "Read the owner's new passphrase from PATH or '-' (else asked twice).")
    var newPassphraseFile: String?

    func run() throws {
        try guarded {
            let workspace = try global.workspaceEntry()
            let pass = try PassphraseReader.newPassphrase(
                file: newPassphraseFile ?? global.passphraseFile,
                label: "New passphrase for \(owner)")
            Terminal.derivingKey()
            try workspace.create(owner: Handle(owner), passphrase: pass, strength: kdf)
            print("Created workspace \(workspace.path) with owner '\(owner)'.")
            print(
                "Next: coach unlock --as \(owner)   (then 'coach athlete add HANDLE --name NAME')")
        }
    }
}
