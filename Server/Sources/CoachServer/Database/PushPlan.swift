import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

/// One batch on its way into the tables: the streams and objects it touches, locked and read,
/// then the sequence, stream head and version each change takes.
struct PushPlan {
    let envelopes: [ChangeEnvelope]
    let encoded: [[UInt8]]
    /// Where each touched stream stands: sequence and head.
    var streams: [String: (sseq: Int64, head: [UInt8])] = [:]
    /// The integer key of each touched stream.
    var sids: [String: Int64] = [:]
    /// The current version of each touched object that exists, by stream and object.
    var versions: [Key: Int64] = [:]
    /// The buckets that hold the touched objects, by stream key, sorted by low key.
    var buckets: [Int64: [ObjectBucket]] = [:]
    /// Each touched stream's head before the batch.
    var starts: [String: [UInt8]] = [:]
    /// Each change's place, once assigned.
    var placed: [(athlete: String, sseq: Int64, head: [UInt8], version: Int64)] = []

    struct Key: Hashable {
        let athlete: String
        let object: String
    }

    init(envelopes: [ChangeEnvelope], encoded: [[UInt8]]) {
        self.envelopes = envelopes
        self.encoded = encoded
    }

    static func athlete(_ envelope: ChangeEnvelope) -> String {
        if case .athlete(let id) = envelope.stream { return id.rawValue }
        return ""
    }

    /// Locks the touched streams (in id order, so two pushes never wait on each other in a
    /// circle), then reads the buckets that hold the touched objects' versions. The buckets
    /// need no row lock of their own: only a push holding their stream's row writes them, and
    /// this read comes after that lock, in a statement of its own, so it sees what the push
    /// before committed.
    ///
    /// - Throws: `ServerError.database` when a bucket is damaged.
    func locking(_ ws: String, store: SyncStore, on connection: PostgresConnection) async throws
        -> PushPlan
    {
        var plan = self
        let athletes = Set(envelopes.map(Self.athlete)).sorted()
        let rows = try await connection.query(
            """
            SELECT athlete_id, sid, sseq, head FROM streams
            WHERE ws = \(ws) AND athlete_id = ANY(\(athletes)) ORDER BY athlete_id FOR UPDATE
            """, logger: store.logger)
        var athleteOf: [Int64: String] = [:]
        for try await (id, sid, sseq, head) in rows.decode((String, Int64, Int64, ByteBuffer).self)
        {
            plan.streams[id] = (sseq, head.array)
            plan.starts[id] = head.array
            plan.sids[id] = sid
            athleteOf[sid] = id
        }
        var pairs: [(sid: Int64, key: [UInt8])] = []
        for envelope in envelopes {
            let key = StoredObjectID.key(envelope.object)
            if let sid = plan.sids[Self.athlete(envelope)] { pairs.append((sid, key)) }
        }
        // Each touched key's bucket: the one of its stream with the greatest low key not above
        // it (a stream's first bucket has the empty low key).
        let found = try await connection.query(
            """
            SELECT DISTINCT ON (b.sid, b.low) b.sid, b.low, b.entries
            FROM unnest(\(pairs.map(\.sid)), \(pairs.map(\.key.buffer))) AS k(sid, key)
            CROSS JOIN LATERAL (SELECT sid, low, entries FROM object_buckets o
                WHERE o.sid = k.sid AND o.low <= k.key ORDER BY o.low DESC LIMIT 1) b
            """, logger: store.logger)
        for try await (sid, low, blob) in found.decode((Int64, ByteBuffer, ByteBuffer).self) {
            plan.buckets[sid, default: []].append(
                try ObjectBucket(low: low.array, blob: blob.array))
        }
        for sid in plan.buckets.keys {
            plan.buckets[sid]?.sort { $0.low.lexicographicallyPrecedes($1.low) }
        }
        for envelope in envelopes {
            let athlete = Self.athlete(envelope)
            let key = StoredObjectID.key(envelope.object)
            guard let sid = plan.sids[athlete], let list = plan.buckets[sid],
                let at = ObjectBucket.holding(key, in: list),
                let version = list[at].version(of: key)
            else { continue }
            plan.versions[Key(athlete: athlete, object: envelope.object)] = version
        }
        return plan
    }

    /// Compares each change's base with its object's version (a change may follow another
    /// of the same batch; the first change of an object the server does not hold may have
    /// any base), and gives each its sequence and head.
    ///
    /// - Throws: `SyncProblem` (`stale_base`) naming every stale object.
    mutating func assign() throws -> [PushedChange] {
        var stale: [StaleObject] = []
        var results: [PushedChange] = []
        for (index, envelope) in envelopes.enumerated() {
            let athlete = Self.athlete(envelope)
            let key = Key(athlete: athlete, object: envelope.object)
            // An object the server has not seen starts at whatever version its first change
            // names (a published workspace's records arrive at their local versions).
            let current = versions[key] ?? envelope.baseVersion
            guard envelope.baseVersion == current else {
                stale.append(
                    StaleObject(
                        stream: AthleteID(athlete), object: envelope.object,
                        currentVersion: current, change: index))
                continue
            }
            versions[key] = envelope.version
            let (sseq, head) = streams[athlete] ?? (0, StreamChain.genesis)
            let next = (sseq + 1, StreamChain.next(head, changeHash: envelope.hash))
            streams[athlete] = next
            placed.append((athlete, next.0, next.1, envelope.version))
            results.append(
                PushedChange(stream: AthleteID(athlete), sseq: next.0, streamHead: next.1))
        }
        guard stale.isEmpty else {
            var problem = SyncProblem.refuse(
                .staleBase,
                "\(stale.count) object(s) changed on the server since this batch's base "
                    + "versions: pull, rebase and push again",
                device: envelopes.first?.device, change: stale.first?.change)
            problem.stale = stale
            throw problem
        }
        return results
    }

    /// The log's leaf hashes of the changes at `run` (indices into `envelopes`), in order.
    func logLeaves(_ run: [Int]) -> [[UInt8]] {
        run.map { index in
            MerkleHasher.blake2b256.leaf(
                LogLeaf.change(
                    stream: envelopes[index].stream, sequence: UInt64(placed[index].sseq),
                    changeHash: envelopes[index].hash, head: placed[index].head))
        }
    }

    /// Inserts the changes (one `ChangeRun` per stream), their runs' log leaves for the
    /// sequencer, writes the touched object buckets back
    /// (split when they grew), moves the streams and the device's chain, and keeps where the
    /// batch went as the device's last (a replay rebuilds its answer from the runs): one
    /// statement, one round trip.
    func write(
        _ ws: String, device: DeviceID, end: ChangeVerifier.ChainPosition,
        batch: (seq: Int64, digest: [UInt8]), store: SyncStore,
        on connection: PostgresConnection
    ) async throws {
        let write = try streamWrite(ws)
        // One run per stream the batch placed changes in (every locked stream, as a stale
        // change refuses the whole batch), its changes in stream order.
        guard write.runs.allSatisfy({ !$0.isEmpty }) else {
            throw ServerError.database("a locked stream took no change of the batch")
        }
        let placements = zip(write.sids, write.runs).map { sid, run in
            BatchPlacement(
                sid: sid, first: placed[run.first ?? 0].sseq, last: placed[run.last ?? 0].sseq)
        }
        try await connection.query(
            """
            WITH \(write), d AS (
                UPDATE devices SET dev_seq = \(end.sequence), dev_head = \(end.hash.buffer)
                WHERE ws = \(ws) AND device_id = \(device.rawValue)
            )
            INSERT INTO batches (ws, device_id, batch_seq, digest, placed)
            VALUES (\(ws), \(device.rawValue), \(batch.seq), \(batch.digest.buffer),
                \(BatchPlacement.encode(placements).buffer))
            ON CONFLICT (ws, device_id) DO UPDATE SET batch_seq = excluded.batch_seq,
                digest = excluded.digest, placed = excluded.placed
            """, logger: store.logger)
    }
}
