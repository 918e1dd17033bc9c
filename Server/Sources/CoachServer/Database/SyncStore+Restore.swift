import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

extension SyncStore {
    /// Takes a restore push (after the owner's log reset): the changes a replica held that
    /// this server lost, each signed by its own device (`RestoreCheck`). A change newer than
    /// the object's version here is appended to its stream and logged as a push's are; one
    /// the server holds at its version or a newer one is answered `present` and nothing is
    /// stored, so a push again is a no-op. No device chain is checked; each device's chain
    /// position is raised to the newest of its changes given back. No batch is recorded.
    ///
    /// - Parameters:
    ///   - request: the batch (`restore: true`).
    ///   - session: the signed-in device, whose user must read each change's stream.
    ///   - now: the server's time (the restore window, `RestoreCheck.window`).
    /// - Returns: each change's stream, sequence and head, or `present`.
    /// - Throws: `SyncProblem` naming the first change refused.
    func restore(_ request: PushRequest, session: SessionDevice, now: Int64) async throws
        -> PushResponse
    {
        let ws = session.workspace
        guard request.device == session.device else {
            throw SyncProblem.refuse(
                .wrongDevice, "the batch names device \(request.device), not the signed-in one",
                device: request.device)
        }
        let encoded = request.changes.map(\.bytes)
        return try await transaction { connection -> PushResponse in
            let roster = try await lockedRoster(ws, on: connection, lock: .push)
            let envelopes = try RestoreCheck.check(
                encoded, session: session, roster: roster, now: now)
            try await checkHeldPositions(ws, envelopes, on: connection)
            let all = try await PushPlan(envelopes: envelopes, encoded: encoded)
                .locking(ws, store: self, on: connection)
            // The changes newer than what the server holds (one per object: the first).
            var taken: [Int] = []
            var seen: Set<PushPlan.Key> = []
            for (index, envelope) in envelopes.enumerated() {
                let key = PushPlan.Key(athlete: PushPlan.athlete(envelope), object: envelope.object)
                guard !seen.contains(key), envelope.version > all.versions[key] ?? 0 else {
                    continue
                }
                seen.insert(key)
                taken.append(index)
            }
            var plan = PushPlan(
                envelopes: taken.map { envelopes[$0] }, encoded: taken.map { encoded[$0] })
            let athletes = Set(plan.envelopes.map(PushPlan.athlete))
            plan.streams = all.streams.filter { athletes.contains($0.key) }
            plan.sids = all.sids.filter { athletes.contains($0.key) }
            plan.starts = all.starts.filter { athletes.contains($0.key) }
            plan.buckets = all.buckets
            let placed = try plan.assign()
            if !taken.isEmpty { try await plan.writeRestore(ws, store: self, on: connection) }
            var results = envelopes.map { envelope -> PushedChange in
                var present = PushedChange(
                    stream: AthleteID(PushPlan.athlete(envelope)), sseq: 0, streamHead: [])
                present.present = true
                return present
            }
            for (slot, index) in taken.enumerated() { results[index] = placed[slot] }
            return PushResponse(batchSeq: request.batchSeq, results: results)
        }
    }

    /// Refuses a change given back at the place where its device's chain stands here with
    /// another hash: the server holds that (device, sequence) as another change (`broken_chain`,
    /// naming the change). Only a device's newest place is kept, so that is the one checked.
    private func checkHeldPositions(
        _ ws: String, _ envelopes: [ChangeEnvelope], on connection: PostgresConnection
    ) async throws {
        let devices = Array(Set(envelopes.map(\.device.rawValue)))
        guard !devices.isEmpty else { return }
        var held: [String: (sequence: Int64, head: [UInt8])] = [:]
        let rows = try await connection.query(
            """
            SELECT device_id, dev_seq, dev_head FROM devices
            WHERE ws = \(ws) AND device_id = ANY(\(devices))
            """, logger: logger)
        for try await (device, sequence, head) in rows.decode((String, Int64, ByteBuffer).self) {
            held[device] = (sequence, Array(head.readableBytesView))
        }
        for (index, envelope) in envelopes.enumerated() {
            guard let place = held[envelope.device.rawValue],
                envelope.sequence == place.sequence, envelope.hash != place.head
            else { continue }
            let sequence = place.sequence
            throw SyncProblem.refuse(
                .brokenChain,
                "change \(index) is change \(sequence) of device \(envelope.device), which this "
                    + "server holds as another change", device: envelope.device, change: index)
        }
    }
}
