import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

extension PushPlan {
    /// Writes a restore batch as `write` writes a push (runs, log leaves, object buckets,
    /// stream ends) in one statement, but records no batch, and raises each signing device's
    /// chain position to its newest change given back when that is past where it stands.
    func writeRestore(_ ws: String, store: SyncStore, on connection: PostgresConnection)
        async throws
    {
        let sids = try placed.map { place -> Int64 in
            guard let sid = self.sids[place.athlete] else {
                throw ServerError.database("athlete stream \(place.athlete) has no row")
            }
            return sid
        }
        var buckets = self.buckets
        for (index, envelope) in envelopes.enumerated() {
            let key = StoredObjectID.key(envelope.object)
            if ObjectBucket.holding(key, in: buckets[sids[index]] ?? []) == nil {
                buckets[sids[index], default: []].insert(ObjectBucket(low: []), at: 0)
            }
            let at = ObjectBucket.holding(key, in: buckets[sids[index]] ?? []) ?? 0
            buckets[sids[index]]?[at].set(key, version: placed[index].version)
        }
        let rows = buckets.flatMap { sid, list in
            list.flatMap { $0.split() }.map { (sid: sid, bucket: $0) }
        }
        let ids = Array(streams.keys)
        let runs = ids.map { id in placed.indices.filter { placed[$0].athlete == id } }
        let bodies = runs.map { run in
            ChangeRun.pack(run.map { envelopes[$0] }, encoded: run.map { encoded[$0] }).buffer
        }
        let leaves = runs.map { Array(logLeaves($0).joined()).buffer }
        // Each device's newest change given back: its sequence and hash.
        var newest: [String: (sequence: Int64, hash: [UInt8])] = [:]
        for envelope in envelopes
        where envelope.sequence > newest[envelope.device.rawValue]?.sequence ?? 0 {
            newest[envelope.device.rawValue] = (envelope.sequence, envelope.hash)
        }
        let devices = newest.keys.sorted()
        try await connection.query(
            """
            WITH c AS (
                INSERT INTO runs (sid, sseq, n, head, body)
                SELECT * FROM unnest(\(ids.map { self.sids[$0] ?? 0 }),
                    \(runs.map { placed[$0.last ?? 0].sseq }), \(runs.map { Int32($0.count) }),
                    \(ids.map { (starts[$0] ?? StreamChain.genesis).buffer }),
                    \(bodies))
            ), p AS (
                INSERT INTO log_pending (ws, sid, seq, n, head, leaves)
                SELECT \(ws), * FROM unnest(\(ids.map { self.sids[$0] ?? 0 }),
                    \(runs.map { placed[$0.last ?? 0].sseq }), \(runs.map { Int32($0.count) }),
                    \(ids.map { (streams[$0]?.head ?? []).buffer }), \(leaves))
            ), o AS (
                INSERT INTO object_buckets (sid, low, entries)
                SELECT * FROM unnest(\(rows.map(\.sid)), \(rows.map(\.bucket.low.buffer)),
                    \(rows.map(\.bucket.blob.buffer)))
                ON CONFLICT (sid, low) DO UPDATE SET entries = excluded.entries
            ), s AS (
                UPDATE streams SET sseq = u.s, head = u.h
                FROM unnest(\(ids.map { self.sids[$0] ?? 0 }),
                    \(ids.map { streams[$0]?.sseq ?? 0 }),
                    \(ids.map { (streams[$0]?.head ?? []).buffer })) AS u(i, s, h)
                WHERE streams.sid = u.i
            )
            UPDATE devices SET dev_seq = u.s, dev_head = u.h
            FROM unnest(\(devices), \(devices.map { newest[$0]?.sequence ?? 0 }),
                \(devices.map { (newest[$0]?.hash ?? []).buffer })) AS u(d, s, h)
            WHERE devices.ws = \(ws) AND devices.device_id = u.d AND devices.dev_seq < u.s
            """, logger: store.logger)
    }
}
