import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

extension SyncStore {
    /// Checks and stores one pushed batch in one transaction that locks the device's row and
    /// the rows of the athlete streams it touches, nothing else; or returns the answer stored
    /// for the same batch before.
    ///
    /// - Parameters:
    ///   - request: the batch.
    ///   - session: the signed-in device.
    ///   - now: the server's time, in Unix milliseconds.
    /// - Returns: each change's stream, sequence and stream head.
    /// - Throws: `SyncProblem` naming the first change refused, or every stale object.
    public func push(_ request: PushRequest, session: SessionDevice, now: Int64) async throws
        -> PushResponse
    {
        if request.restore == true {
            return try await restore(request, session: session, now: now)
        }
        let ws = session.workspace
        let device = session.device
        guard request.device == device else {
            throw SyncProblem.refuse(
                .wrongDevice, "the batch names device \(request.device), not the signed-in one",
                device: request.device)
        }
        let encoded = request.changes.map(\.bytes)
        let digest = Self.digest(encoded)
        let answer = try await transaction { connection -> PushResponse in
            let position = try await lockDevice(ws, device, on: connection)
            let (count, stored) = try await rosterCount(
                ws, storedFor: request, digest: digest, on: connection)
            if let placed = stored {
                return try await storedAnswer(
                    encoded, batchSeq: request.batchSeq, placed: placed, on: connection)
            }
            let roster = try await rosters.roster(ws, count: count) {
                try await loadRoster(ws, on: connection)
            }
            let envelopes = try PushCheck.check(encoded, device: device, roster: roster, now: now)
            try await checkSeen(
                ws, envelopes, resetTime: roster.roster.logResetTime, on: connection)
            try await checkSeenOrder(
                ws, device, envelopes, resetTime: roster.roster.logResetTime, on: connection)
            let end: ChangeVerifier.ChainPosition
            do {
                end = try ChangeVerifier.verifyChain(envelopes, from: position)
            } catch let rejection as ChangeRejection {
                let index = envelopes.firstIndex { $0.sequence != position.sequence + 1 } ?? 0
                throw SyncProblem.change(rejection, index: index)
            }
            var plan = try await PushPlan(envelopes: envelopes, encoded: encoded)
                .locking(ws, store: self, on: connection)
            let results = try plan.assign()
            let answer = PushResponse(batchSeq: request.batchSeq, results: results)
            try await plan.write(
                ws, device: device, end: end,
                batch: (request.batchSeq, digest), store: self,
                on: connection)
            crash.hit("before-commit:push")
            return answer
        }
        crash.hit("after-commit:push")
        return answer
    }

    /// A batch's identity: SHA-256 over its changes, length-prefixed.
    static func digest(_ changes: [[UInt8]]) -> [UInt8] {
        var data = AssociatedData("coach/1/sync-batch")
        for change in changes { data.append(change) }
        return Hashing.sha256(data.bytes)
    }

    /// Locks the device's row and reads where its chain stands.
    private func lockDevice(_ ws: String, _ device: DeviceID, on connection: PostgresConnection)
        async throws -> ChangeVerifier.ChainPosition
    {
        let row = try await connection.query(
            """
            SELECT dev_seq, dev_head FROM devices
            WHERE ws = \(ws) AND device_id = \(device.rawValue)
            FOR UPDATE
            """, logger: logger
        ).collect().first
        guard let (sequence, head) = try row?.decode((Int64, ByteBuffer).self) else {
            throw SyncProblem.refuse(
                .deviceRevoked, "device \(device) is not on the roster", device: device)
        }
        return ChangeVerifier.ChainPosition(sequence: sequence, hash: head.array)
    }

    /// The roster's entry count, its head row share-locked as a roster change would find it,
    /// and where the batch's changes went if the same batch was stored before. Only a device's
    /// last batch is kept (its client sends the next batch only once it holds that answer): a
    /// number below it counts as used. One statement: the batch row can
    /// only come from a push of this device, whose row the caller holds locked.
    ///
    /// - Throws: `SyncProblem` (`unknown_workspace`) when the workspace has no roster, or
    ///   (`batch_reused`) when another batch used the number, or it is below the last one.
    private func rosterCount(
        _ ws: String, storedFor request: PushRequest, digest: [UInt8],
        on connection: PostgresConnection
    ) async throws -> (Int64, [BatchPlacement]?) {
        let row = try await connection.query(
            """
            SELECT h.count, b.batch_seq, b.digest, b.placed FROM roster_heads h
            LEFT JOIN batches b ON b.ws = h.ws AND b.device_id = \(request.device.rawValue)
            WHERE h.ws = \(ws)
            FOR KEY SHARE OF h
            """, logger: logger
        ).collect().first
        guard
            let (count, last, stored, placed) = try row?.decode(
                (Int64, Int64?, ByteBuffer?, ByteBuffer?).self)
        else {
            throw SyncProblem.refuse(.unknownWorkspace, "workspace \(ws) is not registered here")
        }
        guard let last, let stored, let placed, request.batchSeq <= last else {
            return (count, nil)
        }
        guard request.batchSeq == last, stored.array == digest else {
            throw SyncProblem.refuse(
                .batchReused,
                "batch \(request.batchSeq) of device \(request.device) was another batch",
                device: request.device)
        }
        return (count, BatchPlacement.decode(placed.array))
    }
}
