import CoachKit
import CoachStore
import Foundation

/// A workspace named by a sign-in, for the use cases that need nobody signed in: creating it,
/// starting and ending sessions, checking its chain and files, backing it up and restoring it.
///
/// Front ends build one from their options and call one method per command; failures are the
/// store's and the application layer's typed ones.
public struct AppWorkspace {
    /// How the command named the workspace and the user.
    public let signIn: SignIn
    /// The process's environment and clock.
    public let environment: AppEnvironment

    /// The workspace `signIn` names, in `environment`.
    public init(_ signIn: SignIn, environment: AppEnvironment) {
        self.signIn = signIn
        self.environment = environment
    }

    /// The workspace's path: the one named, else the environment's, else the default.
    public var path: String { environment.workspacePath(explicit: signIn.workspace) }

    /// The user the command names without a session (`signIn.user`, else `COACH_USER`).
    public var explicitUser: Handle? { signIn.explicitUser(environment) }

    /// Creates the workspace and its owner.
    ///
    /// - Throws: `StoreError.workspaceExists` when a file is already there; `.invalidHandle`,
    ///   `.weakPassphrase`.
    public func create(owner: Handle, passphrase: Passphrase, strength: PassphraseStrength)
        throws
    {
        _ = try Workspace.create(
            at: path, owner: owner.rawValue, passphrase: passphrase.key, preset: strength.preset,
            clock: environment.clock, random: environment.random, ids: environment.ids)
    }

    /// Starts a session for `handle` that later commands resume without a passphrase, and
    /// gives this machine a device for the user when it has none.
    ///
    /// - Throws: `StoreError.authenticationFailed` for a wrong handle or passphrase.
    public func unlock(_ handle: Handle, passphrase: Passphrase, seconds: Int) throws {
        let workspace = try open()
        let token = try workspace.unlock(
            handle: handle, passphrase: passphrase.key, ttlSeconds: seconds)
        try environment.tokens(for: path).save(token)
        // The first unlock on this machine makes its device, certified by the user.
        let session = AppSession(
            workspace: workspace, principal: try workspace.resume(token),
            environment: environment, token: token)
        try session.ensureDevice()
    }

    /// Ends the session of `user` (else of the only or the most recently unlocked user), here
    /// and in the workspace.
    ///
    /// - Returns: the handle whose session ended, or `nil` when there was none.
    /// - Throws: `LocalFileError.unsafePath` for a token file that is not private.
    public func lock(_ user: Handle?) throws -> Handle? {
        let tokens = environment.tokens(for: path)
        guard let handle = user?.rawValue ?? tokens.handles().last,
            let token = try tokens.load(handle: handle)
        else { return nil }
        // The local token goes whatever happens to the row: a workspace that cannot be opened
        // still must not leave a usable token behind.
        try? open().lock(token)
        tokens.remove(handle: token.handle)
        return Handle(token.handle)
    }

    /// Ends every session of this workspace on this machine, here and in the workspace.
    ///
    /// - Returns: the handles whose sessions ended, in the order they were unlocked.
    /// - Throws: `LocalFileError.unsafePath` for a token file that is not private (the
    ///   sessions before it are ended).
    public func lockAll() throws -> [Handle] {
        var ended: [Handle] = []
        for handle in environment.tokens(for: path).handles() {
            if let done = try lock(Handle(handle)) { ended.append(done) }
        }
        return ended
    }

    /// Checks the audit chain and every signature, which needs no keys.
    public func verifyAudit() throws -> AuditVerification { try open().verifyAudit() }

    /// The checks that need no keys: integrity, foreign keys, file modes, the audit chain.
    public func doctor() throws -> [DoctorCheck] { try open().doctor(as: nil) }

    /// Writes a consistent copy of the workspace to the new file `destination`.
    ///
    /// - Throws: `StoreError.fileExists` when `destination` exists.
    public func backup(to destination: String) throws {
        try AppSession.backup(open(), to: destination)
    }

    /// Whether a file (a workspace or anything else) is at the workspace's path.
    public var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Replaces the workspace with the backup at `source`, after checking the backup.
    ///
    /// - Throws: `AppError.backupMissing` or `.notABackup` when `source` is not a backup.
    public func restore(from source: String) throws {
        try AppSession.restore(from: source, to: path, environment: environment)
    }

    private func open() throws -> Workspace {
        try AppSession.openWorkspace(signIn, environment: environment)
    }
}
