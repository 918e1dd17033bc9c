import ArgumentParser
import CoachApp
import CoachCrypto
import CoachKit
import CoachLocal
import CoachStore
import Foundation

/// Options every command that touches a workspace accepts.
public struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "Workspace file (else $COACH_WORKSPACE, else $XDG_DATA_HOME/coach/workspace.sqlite).")
    public var workspace: String?

    @Option(
        name: .customLong("as"),
        help: "Act as this user (else the only unlocked session, else $COACH_USER).")
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
            passphrase: passphraseFile.map { file in { try PassphraseReader.fromFile(file) } },
            prompt: { handle in try PassphraseReader.prompt("Passphrase for \(handle): ") })
    }

    /// Signs in for one command: the one call every signed-in command starts with.
    func session() throws -> AppSession {
        try AppSession.open(signIn, environment: try environment())
    }

    /// Opens the workspace without signing in.
    func openWorkspace() throws -> Workspace {
        try AppSession.openWorkspace(signIn, environment: try environment())
    }

    /// The session-token store of the workspace this command names.
    func tokens() throws -> SessionTokenStore {
        let env = try environment()
        return env.tokens(for: env.workspacePath(explicit: workspace))
    }

    /// The acting user's handle when it can be known without a session.
    func explicitHandle() throws -> Handle? { signIn.explicitUser(try environment()) }
}

/// `--json` for commands that print data.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON for scripts instead of a table.")
    var json = false
}

/// The surroundings of a command that works on a workspace without signing in (init, unlock,
/// lock, restore, demo): the application environment and the paths it names.
struct CommandContext {
    let options: GlobalOptions
    let environment: AppEnvironment

    init(_ options: GlobalOptions) throws {
        self.options = options
        environment = try options.environment()
    }

    var clock: any Clock { environment.clock }
    var workspacePath: String { environment.workspacePath(explicit: options.workspace) }
    var tokens: SessionTokenStore { environment.tokens(for: workspacePath) }
    var explicitHandle: String? { options.signIn.explicitUser(environment)?.rawValue }
    func openWorkspace() throws -> Workspace { try options.openWorkspace() }
}
