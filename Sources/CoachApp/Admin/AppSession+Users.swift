import CoachCrypto
import CoachKit
import CoachStore
import Foundation

/// Who the signed-in user is, for `whoami`-style views.
public struct Identity: Codable, Sendable {
    public let handle: Handle
    public let role: Role
    public let athlete: Handle?
    public let workspace: String
    /// When the session ends; nil when the user signed in with a passphrase for one command.
    public let sessionExpires: Date?
    /// Staff's current athlete (commands act on it when none is named), if any.
    public let current: CurrentAthlete?
}

extension AppSession {
    /// The signed-in user, their athlete (for athlete users) and the session's end.
    public func identity() throws -> Identity {
        let expiry = try token.flatMap { try workspace.sessionExpiry($0) }
        let athlete = principal.athleteId == nil ? nil : try self.athlete(nil).handle
        return Identity(
            handle: principal.handle, role: principal.role, athlete: athlete,
            workspace: workspace.path, sessionExpires: expiry, current: currentAthlete)
    }

    /// Adds a user (athlete users are bound to one athlete).
    public func addUser(_ handle: Handle, role: Role, athlete: Handle?, passphrase: Passphrase)
        throws
    {
        try workspace.addUser(
            handle: handle, role: role, athleteHandle: athlete, passphrase: passphrase.key,
            as: principal)
    }

    /// Every user of the workspace.
    public func listUsers() throws -> [UserSummary] { try workspace.listUsers(as: principal) }

    /// Changes the signed-in user's passphrase, ending their sessions (and this session's token).
    public func changePassphrase(to passphrase: Passphrase) throws {
        try workspace.changePassphrase(as: principal, to: passphrase.key)
        environment.tokens(for: workspace.path).remove(handle: principal.handle.rawValue)
    }

    /// Disables a user, rotating the key of every athlete they held (after a pull, again,
    /// when the server refused a rotation because the athlete's stream moved).
    public func disableUser(_ handle: Handle) throws {
        try retryingRotation { _ in try workspace.disableUser(handle: handle, as: principal) }
    }
}
