import CoachCrypto
import CoachKit
import CoachStore
import CoachSync
import Foundation

extension AppSession {
    /// Makes a one-time join invitation on the workspace's server, so that `handle` can join
    /// from a new machine: a fresh code from the random seam, of which only the verifier of
    /// its proof is sent (bound to the workspace and the user's id as the server's roster has
    /// it), with the code's owner binding: a MAC of the workspace's registration (checked
    /// against this user's trust anchor) under a key only holders of the code can derive, so
    /// the joining machine can tell the owner's key from one a server made up, and of the
    /// roster head read and verified here, which the roster served at the join must extend.
    ///
    /// The owner invites any active user; any other user only themselves.
    /// - Parameters:
    ///   - handle: the user to invite; nil for the signed-in user.
    ///   - seconds: how long the invitation lives (one minute to seven days).
    /// - Returns: the code (shown once, kept nowhere) and the invitation as registered.
    /// - Throws: `SyncFailure.notSynced`; `StoreError.tampered` when the registration kept
    ///   here is not the owner's, or the server's roster does not verify; `StoreError.permissionDenied` when someone other
    ///   than the owner invites another user; `SyncRemoteFailure` for the server's refusals
    ///   (`malformed` for a life out of range, `not_found` for a user its roster lacks).
    public func invite(_ handle: Handle?, expiresIn seconds: Int64) throws -> InvitationReport {
        let invited = handle ?? principal.handle
        guard principal.role == .owner || invited == principal.handle else {
            throw StoreError.permissionDenied(
                "only the owner invites another user; invite yourself, or ask the owner")
        }
        let status = try workspace.syncStatus()
        guard let server = URL(string: status.server) else { throw SyncFailure.notSynced }
        let workspaceId = try workspace.syncWorkspaceId()
        let registration = try workspace.syncRegistration(as: principal)
        var client = SyncClient(server: server, transport: environment.syncTransport)
        let device = try workspace.withDeviceKey { id, _ in id }
        try client.signIn(workspace: workspaceId, device: device) { message in
            try workspace.withDeviceKey { _, key in key.sign(message) }
        }
        // The roster read and applied here (verified, extending this replica's mark) gives
        // the head the invitation binds: the joining machine refuses a roster that leaves
        // out any of it.
        let roster = try Self.roster(of: workspaceId, from: client)
        _ = try workspace.applyRoster(roster.entries, as: principal)
        let newest = roster.entries.reduce(nil) { (found: RosterUser?, entry) in
            if case .user(let user) = entry, user.handle == invited.rawValue { return user }
            return found
        }
        guard let user = newest else {
            throw SyncRemoteFailure.refused(
                SyncProblem(
                    status: 404, reason: .notFound,
                    message: "the server's roster has no user '\(invited)'"))
        }
        let code = JoinCode.make(random: environment.random)
        guard let normalized = JoinCode.normalized(code) else {
            throw SyncRemoteFailure.badAnswer(server: status.server, path: "invitation code")
        }
        let key = try JoinCode.bindingKey(
            workspace: workspaceId, user: user.userId, code: normalized)
        let answer = try client.call(
            "POST", SyncPath.invitations(workspaceId),
            InvitationRequest(
                handle: invited.rawValue,
                verifier: JoinCode.verifier(
                    workspace: workspaceId, user: user.userId,
                    code: JoinCode.proof(of: normalized)),
                binding: JoinCode.binding(of: registration, head: roster.head, key: key),
                expiresIn: seconds),
            as: InvitationResponse.self)
        return InvitationReport(
            code: code, user: invited.rawValue, workspace: workspaceId, server: status.server,
            expiresAt: Self.isoInstant(answer.expiresAt), attempts: answer.attempts)
    }
}
