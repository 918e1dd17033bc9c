import CoachCrypto
import CoachKit
import CoachLocal
import CoachPlugins
import CoachStore
import Foundation

/// One signed-in user on one open workspace, for the length of one command.
///
/// Every use case is a method on the session (`AppSession+Feature.swift`), so the command line,
/// an MCP server or a plugin host reach the same behaviour through the same calls. Opened once
/// per command; owns the user's unlocked keys, hence a class.
public final class AppSession {
    /// The open workspace.
    public let workspace: any WorkspaceStore
    /// The signed-in user.
    public let principal: Principal
    /// Environment and clock.
    public let environment: AppEnvironment
    /// The token the session was resumed from, if it was.
    public let token: SessionToken?
    /// The plugin processes of this command, started on first use (see `registry()`).
    var pluginHost: PluginHost?

    init(
        workspace: any WorkspaceStore, principal: Principal, environment: AppEnvironment,
        token: SessionToken?
    ) {
        self.workspace = workspace
        self.principal = principal
        self.environment = environment
        self.token = token
    }

    deinit { pluginHost?.shutdown() }

    /// Ends the command's plugin processes (also done when the session is released).
    public func close() {
        pluginHost?.shutdown()
        pluginHost = nil
    }

    /// The current instant.
    public var now: Date { environment.clock.now() }

    /// Opens the workspace and signs the user in: a given passphrase, else the session token,
    /// else the prompt.
    ///
    /// The token is that of the user named (`--as`, else `COACH_USER`), else of the only or the
    /// most recently unlocked user of this workspace on this machine.
    ///
    /// - Throws: `AppError.userRequired` for a passphrase without a user; `StoreError` for
    ///   a missing workspace, a wrong passphrase or no session at all;
    ///   `AppError.sessionExpired` naming the user for an expired session (whose token is
    ///   removed).
    public static func open(_ signIn: SignIn, environment: AppEnvironment) throws
        -> sending AppSession
    {
        Sodium.disableCoreDumps()
        let workspace = try openWorkspace(signIn, environment: environment)
        let tokens = environment.tokens(for: workspace.path)
        if let passphrase = signIn.passphrase {
            guard let handle = signIn.explicitUser(environment) else { throw AppError.userRequired }
            let me = try workspace.authenticate(handle: handle, passphrase: try passphrase().key)
            let session = AppSession(
                workspace: workspace, principal: me, environment: environment, token: nil)
            try session.openSyncDevice()
            return session
        }
        // The user named (`--as`, else COACH_USER), else the only or most recently unlocked
        // one. An unsafe token is reported as the store's error.
        let chosen = signIn.explicitUser(environment)?.rawValue ?? tokens.handles().last
        if let chosen, let token = try StoreError.local({ try tokens.load(handle: chosen) }) {
            do {
                let me = try workspace.resume(token)
                let session = AppSession(
                    workspace: workspace, principal: me, environment: environment, token: token)
                try session.openSyncDevice()
                return session
            } catch StoreError.sessionExpired {
                tokens.remove(handle: token.handle)
                throw AppError.sessionExpired(handle: Handle(token.handle))
            }
        }
        if let handle = signIn.explicitUser(environment), let pass = try signIn.prompt(handle) {
            let me = try workspace.authenticate(handle: handle, passphrase: pass.key)
            let session = AppSession(
                workspace: workspace, principal: me, environment: environment, token: nil)
            try session.openSyncDevice()
            return session
        }
        throw StoreError.noSession
    }

    /// Opens the workspace a sign-in names, without signing in (init, restore, unlock, lock).
    public static func openWorkspace(_ signIn: SignIn, environment: AppEnvironment) throws
        -> Workspace
    {
        let path = environment.workspacePath(explicit: signIn.workspace)
        return try Workspace.open(
            at: path, allowShared: signIn.allowShared, clock: environment.clock,
            random: environment.random, ids: environment.ids, marks: environment.marks(for: path))
    }

    /// Replaces the workspace at `path` with the backup at `source`, after checking the backup.
    ///
    /// - Throws: `AppError.backupMissing` or `.notABackup` when `source` is not a backup;
    ///   `StoreError` for a damaged backup or an unsafe destination.
    ///
    /// The marks this machine keeps for the restored workspace are forgotten: going back is
    /// deliberate here, so the users' next sign-in starts them again from the restored file.
    public static func restore(
        from source: String, to path: String, environment: AppEnvironment? = nil
    ) throws {
        guard FileManager.default.fileExists(atPath: source) else {
            throw AppError.backupMissing(source)
        }
        do {
            try Workspace.restore(
                from: source, to: path, marks: environment?.marks(for: path))
        } catch StoreError.notAWorkspace(let p) where p == source {
            throw AppError.notABackup(source)
        } catch StoreError.workspaceMissing(let p) where p == source {
            throw AppError.backupMissing(source)
        }
    }

    /// Writes a consistent copy of `workspace` to the new file `destination`.
    ///
    /// - Throws: `StoreError.fileExists` when `destination` exists (an output file, not a
    ///   workspace path to change); what the store's backup throws.
    public static func backup(_ workspace: any MaintenanceStore, to destination: String) throws {
        do {
            try workspace.backup(to: destination)
        } catch StoreError.workspaceExists(let p) where p == destination {
            throw StoreError.fileExists(destination)
        }
    }

    /// The athlete a command is about — the named one, else staff's current athlete, else an
    /// athlete user's own — resolved and unlocked once for the whole command.
    ///
    /// - Throws: `StoreError.athleteRequired` when staff name no athlete and have no current
    ///   one; `StoreError` when the athlete is not granted (not found) or the grant was
    ///   tampered with.
    public func athlete(_ handle: Handle?) throws -> AthleteAccess {
        let handle = handle ?? currentAthlete?.handle
        if handle == nil && principal.role != .athlete { throw StoreError.athleteRequired }
        let access = try workspace.openAthlete(handle, as: principal)
        try rollBackInterruptedImport(of: access)
        return access
    }

    /// Removes what a killed device import of the athlete committed, unless an import is in
    /// progress (it holds the workspace's import lock), so that no view shows half a file.
    func rollBackInterruptedImport(of athlete: AthleteAccess) throws {
        // One read finds nothing to do on almost every command; only then the lock file.
        guard try workspace.hasImportJournal(for: athlete),
            let lock = ImportLock.ifFree(workspace: workspace.path)
        else { return }
        defer { withExtendedLifetime(lock) {} }
        try workspace.rollBackInterruptedImport(for: athlete)
    }
}
