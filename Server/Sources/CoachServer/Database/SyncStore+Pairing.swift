import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

extension SyncStore {
    /// Registers a pairing of one athlete by its proof, for a user who may vouch for the
    /// athlete's check-in devices; sweeps the expired ones first, as sessions are swept.
    ///
    /// - Throws: `SyncProblem` (`malformed`, `out_of_role`, `unknown_workspace`);
    ///   `CheckinProblem` (`pairing_used`) for a proof registered already.
    public func createPairing(
        _ request: PairingCreate, session: SessionDevice, now: Int64
    ) async throws -> PairingCreated {
        guard request.proof.bytes.count == 16 else {
            throw SyncProblem.refuse(.malformed, "a pairing's proof is 16 bytes")
        }
        guard (1...SyncLimits.maxPairingSeconds).contains(request.expiresIn) else {
            throw SyncProblem.refuse(
                .malformed,
                "a pairing lives 1 to \(SyncLimits.maxPairingSeconds) seconds, not "
                    + "\(request.expiresIn)")
        }
        let ws = session.workspace
        let expires = now + request.expiresIn * 1_000
        try await transaction { connection in
            let roster = try await lockedRoster(ws, on: connection, lock: .read)
            guard roster.mayVouch(session.user, for: request.athlete) else {
                throw SyncProblem.refuse(
                    .outOfRole,
                    "user \(session.user.handle) may not pair a device for athlete "
                        + "\(request.athlete)")
            }
            // The sweep is its own statement: one statement's parts share a snapshot, so an
            // insert beside the delete would still meet an expired pairing of the same proof.
            try await connection.query(
                "DELETE FROM pairings WHERE expires_at <= \(now)", logger: logger)
            let inserted = try await connection.query(
                """
                INSERT INTO pairings (ws, proof, athlete_id, created_by, expires_at)
                VALUES (\(ws), \(request.proof.bytes.buffer), \(request.athlete.rawValue),
                    \(session.user.userId), \(expires))
                ON CONFLICT (ws, proof) DO NOTHING RETURNING expires_at
                """, logger: logger
            ).collect()
            guard !inserted.isEmpty else {
                throw CheckinProblem(.pairingUsed, "this pairing proof is registered already")
            }
        }
        return PairingCreated(proof: request.proof.bytes, expiresAt: expires)
    }

    /// Takes a phone's one request of a live pairing, its bytes stored as sent.
    ///
    /// - Throws: `CheckinProblem` (`bad_item`, `not_found`, `pairing_used`).
    public func requestPairing(
        _ workspace: String, proof: String, body: [UInt8], now: Int64
    ) async throws {
        guard let proofBytes = Base64URL.decode(proof), proofBytes.count == 16 else {
            throw CheckinProblem(.notFound, "no live pairing has this proof")
        }
        let request: PairingRequest
        do { request = try SyncJSON.decode(PairingRequest.self, from: body) } catch {
            throw CheckinProblem(.badItem, "the body is not a pairing request")
        }
        let name = request.name.utf8.count
        guard request.signPK.bytes.count == SigningKeyPair.publicBytes,
            request.device == CheckinDeviceCertificate.deviceId(signPK: request.signPK.bytes),
            (1...SyncLimits.maxCheckinDeviceName).contains(name),
            request.mac.bytes.count == 32
        else {
            throw CheckinProblem(
                .badItem,
                "a pairing request needs a 32-byte key, the device id of that key, a name of "
                    + "1 to \(SyncLimits.maxCheckinDeviceName) bytes and a 32-byte MAC")
        }
        let taken = try await client.query(
            """
            UPDATE pairings SET request = \(body.buffer), device_id = \(request.device.rawValue)
            WHERE ws = \(workspace) AND proof = \(proofBytes.buffer) AND expires_at > \(now)
                AND request IS NULL
            RETURNING 1
            """, logger: logger
        ).collect()
        guard taken.isEmpty else { return }
        let used = try await client.query(
            """
            SELECT 1 FROM pairings WHERE ws = \(workspace) AND proof = \(proofBytes.buffer)
                AND expires_at > \(now)
            """, logger: logger
        ).collect()
        throw used.isEmpty
            ? CheckinProblem(.notFound, "no live pairing has this proof")
            : CheckinProblem(.pairingUsed, "this pairing took its one request already")
    }

    /// A live pairing and its request, for the user who created it.
    ///
    /// - Throws: `SyncProblem` (`not_found`, `out_of_role`).
    public func pairing(
        _ proof: String, session: SessionDevice, now: Int64
    ) async throws -> PairingStatus {
        guard let proofBytes = Base64URL.decode(proof), proofBytes.count == 16 else {
            throw SyncProblem.refuse(.notFound, "no live pairing has this proof")
        }
        let rows = try await client.query(
            """
            SELECT athlete_id, created_by, request FROM pairings
            WHERE ws = \(session.workspace) AND proof = \(proofBytes.buffer)
                AND expires_at > \(now)
            """, logger: logger)
        for try await (athlete, creator, request) in rows.decode(
            (String, String, ByteBuffer?).self)
        {
            guard creator == session.user.userId else {
                throw SyncProblem.refuse(.outOfRole, "only the pairing's creator may read it")
            }
            let decoded = try request.map {
                try SyncJSON.decode(PairingRequest.self, from: $0.array)
            }
            return PairingStatus(athlete: AthleteID(athlete), request: decoded)
        }
        throw SyncProblem.refuse(.notFound, "no live pairing has this proof")
    }
}
