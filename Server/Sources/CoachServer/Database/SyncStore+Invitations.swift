import CoachCrypto
import CoachKit
import CoachSync
import NIOCore
import PostgresNIO

extension SyncStore {
    /// Registers a one-time join invitation for the user named in `request`: only the
    /// verifier of the code's proof, the code's owner binding (a MAC the server cannot make),
    /// an expiry by the server's clock and the attempt budget are stored, and a previous
    /// invitation of that user is replaced.
    ///
    /// The owner invites anyone; any other user only themselves. A disabled or pending user
    /// cannot be invited (their keys do not open with a passphrase, or must not be used).
    /// - Throws: `SyncProblem` (`malformed`, `not_found`, `out_of_role`, `unknown_workspace`).
    public func invite(
        _ workspace: String, _ request: InvitationRequest, session: SessionDevice, now: Int64
    ) async throws -> InvitationResponse {
        guard request.verifier.bytes.count == 32,
            request.binding.bytes.count == JoinCode.bindingLength
        else {
            throw SyncProblem.refuse(
                .malformed,
                "an invitation's verifier is 32 bytes and its binding \(JoinCode.bindingLength)")
        }
        let seconds = request.expiresIn
        guard (SyncLimits.minInvitationSeconds...SyncLimits.maxInvitationSeconds).contains(seconds)
        else {
            throw SyncProblem.refuse(
                .malformed,
                "an invitation lives \(SyncLimits.minInvitationSeconds) to "
                    + "\(SyncLimits.maxInvitationSeconds) seconds, not \(seconds)")
        }
        return try await client.withConnection { connection in
            let roster = try await lockedRoster(workspace, on: connection, lock: .read)
            guard
                let user = roster.roster.users.values.first(where: {
                    $0.handle == request.handle
                })
            else {
                throw SyncProblem.refuse(
                    .notFound, "no user '\(request.handle)' in workspace \(workspace)")
            }
            guard session.user.role == .owner || session.user.userId == user.userId.rawValue else {
                throw SyncProblem.refuse(
                    .outOfRole,
                    "only the owner invites another user; \(session.user.userId) invites only "
                        + "themselves", device: session.device)
            }
            guard user.status == "active" else {
                throw SyncProblem.refuse(
                    .outOfRole,
                    "user '\(request.handle)' is \(user.status) and cannot join a machine",
                    device: session.device)
            }
            let expires = now + seconds * 1000
            let attempts = SyncLimits.invitationAttempts
            try await connection.query(
                """
                INSERT INTO invitations
                    (ws, user_id, verifier, binding, expires_at, attempts_left)
                VALUES (\(workspace), \(user.userId.rawValue), \(request.verifier.bytes.buffer),
                    \(request.binding.bytes.buffer), \(expires), \(attempts))
                ON CONFLICT (ws, user_id) DO UPDATE SET verifier = EXCLUDED.verifier,
                    binding = EXCLUDED.binding, expires_at = EXCLUDED.expires_at,
                    attempts_left = EXCLUDED.attempts_left
                """, logger: logger)
            return InvitationResponse(user: user.userId, expiresAt: expires, attempts: attempts)
        }
    }

    /// The registration, a user's entry with the sealed key row and the invitation's owner
    /// binding, for a new machine that proves a live invitation code of that user (it sends
    /// the code's proof, never the code).
    ///
    /// The invitation is used up by the answer; a wrong code spends one attempt (committed,
    /// whatever happens next), and the last one burns it; an expired one is deleted. No
    /// invitation, an unknown handle, a malformed, wrong, used, expired or burned code all get
    /// the same refusal, and nothing sealed.
    /// - Throws: `SyncProblem` (`bad_invitation`, `unknown_workspace`).
    public func join(_ workspace: String, _ request: JoinRequest, now: Int64) async throws
        -> JoinResponse
    {
        let refusal = SyncProblem.refuse(
            .badInvitation,
            "no live invitation of user '\(request.handle)' matches this code: ask the owner "
                + "(or use another machine of yours) for a new one")
        let answer: JoinResponse? = try await transaction { connection in
            let roster = try await lockedRoster(workspace, on: connection, lock: .read)
            guard
                let user = roster.roster.users.values.first(where: {
                    $0.handle == request.handle
                })
            else { return nil }
            let id = user.userId.rawValue
            let rows = try await connection.query(
                """
                SELECT verifier, binding, expires_at, attempts_left FROM invitations
                WHERE ws = \(workspace) AND user_id = \(id) FOR UPDATE
                """, logger: logger
            ).collect()
            guard let row = rows.first else { return nil }
            let (verifier, binding, expires, left) = try row.decode(
                (ByteBuffer, ByteBuffer, Int64, Int).self)
            let proof = JoinCode.normalized(request.code).map {
                JoinCode.verifier(workspace: workspace, user: user.userId, code: $0)
            }
            let live = now < expires
            if live, let proof, Sodium.constantTimeEqual(proof, verifier.array) {
                try await deleteInvitation(workspace, id, on: connection)
                return JoinResponse(
                    registration: roster.roster.registration, user: user,
                    rosterHead: roster.roster.head, binding: binding.array)
            }
            if !live || left <= 1 {
                try await deleteInvitation(workspace, id, on: connection)
            } else {
                try await connection.query(
                    """
                    UPDATE invitations SET attempts_left = attempts_left - 1
                    WHERE ws = \(workspace) AND user_id = \(id)
                    """, logger: logger)
            }
            return nil
        }
        guard let answer else { throw refusal }
        return answer
    }

    private func deleteInvitation(
        _ workspace: String, _ user: String, on connection: PostgresConnection
    ) async throws {
        try await connection.query(
            "DELETE FROM invitations WHERE ws = \(workspace) AND user_id = \(user)",
            logger: logger)
    }
}
