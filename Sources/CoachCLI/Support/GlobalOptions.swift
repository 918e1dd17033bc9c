import ArgumentParser
import CoachCrypto
import CoachKit
import CoachStore
import Foundation

/// Options every command that touches a workspace accepts.
public struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "Workspace file (else $COACH_WORKSPACE, else $XDG_DATA_HOME/coach/workspace.sqlite).")
    public var workspace: String?

    @Option(name: .customLong("as"), help: "Act as this user (else the only unlocked session, else $COACH_USER).")
    public var user: String?

    @Option(name: .long, help: "Read the acting user's passphrase from PATH, or '-' for stdin.")
    public var passphraseFile: String?

    @Flag(name: .long, help: "Open a workspace that others may write to.")
    public var allowShared = false

    public init() {}
}

/// Everything a command needs from its surroundings: environment, clock, workspace, user.
///
/// The seams for time and environment live here so the library never reads them itself.
struct CommandContext {
    let options: GlobalOptions
    let environment: [String: String]
    let clock: any Clock

    init(_ options: GlobalOptions) throws {
        self.options = options
        self.environment = ProcessInfo.processInfo.environment
        self.clock = try Self.clock(from: environment)
        Sodium.disableCoreDumps()
    }

    /// The clock: the system clock, or a fixed instant from `COACH_NOW` (for replaying a day and for tests).
    static func clock(from env: [String: String]) throws -> any Clock {
        guard let fixed = env["COACH_NOW"], !fixed.isEmpty else { return SystemClock() }
        guard let instant = Instant(fixed) else {
            throw CLIError.usage("COACH_NOW must be an ISO 8601 instant like 2026-11-24T07:00:00+01:00")
        }
        return FixedClock(instant.date)
    }

    var workspacePath: String { WorkspaceLocation.resolve(flag: options.workspace, environment: environment) }

    var tokens: SessionTokenStore { SessionTokenStore(workspacePath: workspacePath, environment: environment) }

    func openWorkspace() throws -> Workspace {
        try Workspace.open(at: workspacePath, allowShared: options.allowShared, clock: clock)
    }

    /// The acting user's handle when it can be known without a session.
    var explicitHandle: String? { options.user ?? environment["COACH_USER"] }

    /// Opens the workspace and authenticates: passphrase file, else session token, else TTY prompt.
    func authenticate() throws -> (Workspace, Principal) {
        let ws = try openWorkspace()
        if let file = options.passphraseFile {
            guard let handle = explicitHandle else {
                throw CLIError.usage("with --passphrase-file, name the user with --as HANDLE")
            }
            return (ws, try ws.authenticate(handle: handle, passphrase: try PassphraseReader.fromFile(file)))
        }
        if let token = try tokens.load(handle: options.user) {
            do {
                return (ws, try ws.resume(token))
            } catch StoreError.sessionExpired {
                tokens.remove(handle: token.handle)
                throw StoreError.sessionExpired
            }
        }
        if let handle = explicitHandle, let pass = try PassphraseReader.prompt("Passphrase for \(handle): ") {
            return (ws, try ws.authenticate(handle: handle, passphrase: pass))
        }
        throw StoreError.noSession
    }
}

/// `--json` for commands that print data.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON for scripts instead of a table.")
    var json = false
}
