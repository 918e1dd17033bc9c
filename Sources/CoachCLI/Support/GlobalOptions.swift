import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// Options every command that touches a workspace accepts.
public struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "Workspace file (else $COACH_WORKSPACE, else $XDG_DATA_HOME/coach/workspace.sqlite).")
    public var workspace: String?

    @Option(
        name: .customLong("as"),
        help: "Act as this user (else $COACH_USER, else the only or last unlocked user).")
    public var user: String?

    @Option(name: .long, help: "Read the acting user's passphrase from PATH, or '-' for stdin.")
    public var passphraseFile: String?

    @Flag(name: .long, help: "Open a workspace that others may write to.")
    public var allowShared = false

    public init() {}
}

extension GlobalOptions {
    /// The application environment of this process (environment variables, clock).
    func environment() throws -> AppEnvironment {
        try AppEnvironment(variables: ProcessInfo.processInfo.environment)
    }

    /// How this command signs in: `--passphrase-file`, else the session token, else a TTY prompt.
    var signIn: SignIn {
        SignIn(
            workspace: workspace, allowShared: allowShared, user: user.map(Handle.init),
            passphrase: passphraseFile.map { file in
                {
                    let pass = try PassphraseReader.fromFile(file)
                    Terminal.derivingKey()
                    return pass
                }
            },
            prompt: { handle in
                let pass = try PassphraseReader.prompt("Passphrase for \(handle): ")
                if pass != nil { Terminal.derivingKey() }
                return pass
            })
    }

    /// Signs in for one command: the one call every signed-in command starts with.
    func session() throws -> AppSession {
        try AppSession.open(signIn, environment: try environment())
    }

    /// The workspace these options name, for the use cases that need nobody signed in.
    func workspaceEntry() throws -> AppWorkspace {
        AppWorkspace(signIn, environment: try environment())
    }

    /// Signs in when someone can be, else `nil` (see `AppSession.openIfSignedIn`).
    func sessionIfSignedIn(
        environment: AppEnvironment? = nil, ambiguousIsNobody: Bool = false
    ) throws -> AppSession? {
        try AppSession.openIfSignedIn(
            signIn, environment: environment ?? self.environment(),
            ambiguousIsNobody: ambiguousIsNobody)
    }

    /// The acting user's handle when it can be known without a session.
    func explicitHandle() throws -> Handle? { signIn.explicitUser(try environment()) }
}

/// `--json` for commands that print data.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON for scripts instead of a table.")
    var json = false
}
