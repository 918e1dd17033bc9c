import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

/// A signed-in device: its workspace, its id and its user's verified certificate.
public struct SessionDevice: Sendable {
    public let workspace: String
    public let device: DeviceID
    public let user: UserCertificate
}

extension SyncStore {
    /// Stores a fresh challenge for a device on the roster.
    ///
    /// - Throws: `SyncProblem` (`unknown_workspace`, `not_found`).
    public func challenge(_ request: ChallengeRequest, nonce: [UInt8], now: Int64) async throws
        -> ChallengeResponse
    {
        try await client.withConnection { connection in
            let roster = try await lockedRoster(request.workspace, on: connection, lock: .read)
            guard roster.devices[request.device] != nil else {
                throw SyncProblem.refuse(
                    .notFound, "device \(request.device) is not on the roster",
                    device: request.device)
            }
            try await connection.query(
                """
                DELETE FROM challenges WHERE server_time < \(now - SyncLimits.challengeMilliseconds)
                """, logger: logger)
            try await connection.query(
                """
                INSERT INTO challenges (nonce, ws, device_id, server_time)
                VALUES (\(nonce.buffer), \(request.workspace), \(request.device.rawValue), \(now))
                """, logger: logger)
            return ChallengeResponse(nonce: nonce, serverTime: now)
        }
    }

    /// Checks a signed challenge and stores the hash of a new session token.
    ///
    /// The challenge is used up whatever the outcome. The device must verify and be active:
    /// a revoked device, or one of a disabled or pending user, is refused.
    ///
    /// - Throws: `SyncProblem` (`bad_challenge`, `device_revoked`, `unknown_workspace`).
    public func session(_ request: SessionRequest, token: [UInt8], now: Int64) async throws
        -> SessionResponse
    {
        try await client.withConnection { connection in
            // Its own statement, committed at once: a failed answer uses the challenge up too.
            let used = try await connection.query(
                """
                DELETE FROM challenges WHERE nonce = \(request.nonce.bytes.buffer)
                    AND ws = \(request.workspace) AND device_id = \(request.device.rawValue)
                RETURNING server_time
                """, logger: logger
            ).collect().first?.decode(Int64.self)
            let bad = SyncProblem.refuse(
                .badChallenge,
                "the sign-in of device \(request.device) does not answer a live challenge "
                    + "with its key", device: request.device)
            guard let issued = used, issued == request.serverTime,
                now - issued <= SyncLimits.challengeMilliseconds
            else { throw bad }
            let roster = try await lockedRoster(request.workspace, on: connection, lock: .read)
            guard let device = roster.devices[request.device] else { throw bad }
            let message = SessionProof.message(
                workspace: request.workspace, device: request.device,
                nonce: request.nonce.bytes, serverTime: issued)
            guard
                SigningKeyPair.verify(
                    request.signature.bytes, of: message,
                    publicKey: device.certificate.signPK)
            else { throw bad }
            guard device.isActive else {
                throw SyncProblem.refuse(
                    .deviceRevoked,
                    "device \(request.device) is revoked, or its user is disabled or not "
                        + "enrolled: it cannot sign in", device: request.device)
            }
            let expires = now + SyncLimits.sessionMilliseconds
            // Sessions that ended go when a new one starts (by the expiry index), so the table
            // holds the live ones, not every sign-in since the server began.
            try await connection.query(
                """
                WITH ended AS (DELETE FROM sessions WHERE expires_at <= \(now))
                INSERT INTO sessions (token_hash, ws, device_id, expires_at)
                VALUES (\(Hashing.sha256(token).buffer), \(request.workspace),
                    \(request.device.rawValue), \(expires))
                """, logger: logger)
            return SessionResponse(token: SyncBytes(token).text, expiresAt: expires)
        }
    }

    /// The device of a live session token of `workspace`, still active on the roster.
    ///
    /// - Throws: `SyncProblem` (`unauthenticated`, `device_revoked`).
    public func authenticate(token: String, workspace: String, now: Int64) async throws
        -> SessionDevice
    {
        let unauthenticated = SyncProblem.refuse(
            .unauthenticated, "no live session for this workspace: sign in again")
        guard let bytes = SyncBytes(text: token)?.bytes, bytes.count == 32 else {
            throw unauthenticated
        }
        return try await client.withConnection { connection in
            let found = try await connection.query(
                """
                SELECT device_id FROM sessions WHERE token_hash = \(Hashing.sha256(bytes).buffer)
                    AND ws = \(workspace) AND expires_at > \(now)
                """, logger: logger
            ).collect().first?.decode(String.self)
            guard let id = found.map(DeviceID.init) else { throw unauthenticated }
            let roster = try await lockedRoster(workspace, on: connection, lock: .read)
            guard let device = roster.devices[id], device.isActive else {
                throw SyncProblem.refuse(
                    .deviceRevoked, "device \(id) is revoked or its user disabled", device: id)
            }
            return SessionDevice(workspace: workspace, device: id, user: device.user)
        }
    }
}
