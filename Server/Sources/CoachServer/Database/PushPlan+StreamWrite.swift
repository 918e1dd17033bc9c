import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

extension PushPlan {
    /// What a push and a restore both write for a placed batch: a `ChangeRun` and its log
    /// leaves per stream, the touched object buckets (split when they grew), and the streams'
    /// new ends. Interpolated into a query (`WITH \(write), ...`) it is the four common
    /// CTEs, `c`, `p`, `o` and `s`, with their binds.
    struct StreamWrite {
        let ws: String
        /// Each touched stream's key, and per stream, in the same order: its run's last
        /// sequence and size, its head before and after, the run's body and its log leaves.
        let sids: [Int64]
        let lasts: [Int64]
        let counts: [Int32]
        let starts: [ByteBuffer]
        let ends: [Int64]
        let heads: [ByteBuffer]
        let bodies: [ByteBuffer]
        let leaves: [ByteBuffer]
        /// The object buckets to store.
        let bucketSids: [Int64]
        let bucketLows: [ByteBuffer]
        let bucketBlobs: [ByteBuffer]
        /// The indices of each stream's changes, in stream order (for the batch's placement).
        let runs: [[Int]]
    }

    /// The common part of the batch's write.
    ///
    /// - Throws: `ServerError.database` when a placed change's stream has no row.
    func streamWrite(_ ws: String) throws -> StreamWrite {
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
                // The stream's first object: its first bucket, with the empty low key.
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
        return StreamWrite(
            ws: ws, sids: ids.map { self.sids[$0] ?? 0 },
            lasts: runs.map { placed[$0.last ?? 0].sseq }, counts: runs.map { Int32($0.count) },
            starts: ids.map { (starts[$0] ?? StreamChain.genesis).buffer },
            ends: ids.map { streams[$0]?.sseq ?? 0 },
            heads: ids.map { (streams[$0]?.head ?? []).buffer },
            bodies: runs.map { run in
                ChangeRun.pack(run.map { envelopes[$0] }, encoded: run.map { encoded[$0] })
                    .buffer
            },
            leaves: runs.map { Array(logLeaves($0).joined()).buffer },
            bucketSids: rows.map(\.sid), bucketLows: rows.map(\.bucket.low.buffer),
            bucketBlobs: rows.map(\.bucket.blob.buffer), runs: runs)
    }
}

extension PostgresQuery.StringInterpolation {
    /// The CTEs of `write`: insert the runs (`c`) and their leaves for the sequencer (`p`),
    /// store the object buckets (`o`) and move the streams (`s`).
    mutating func appendInterpolation(_ write: PushPlan.StreamWrite) {
        appendLiteral(
            """
            c AS (
                INSERT INTO runs (sid, sseq, n, head, body)
                SELECT * FROM unnest(
            """)
        appendList(write.sids, write.lasts, write.counts, write.starts, write.bodies)
        appendLiteral(
            """
            )
            ), p AS (
                INSERT INTO log_pending (ws, sid, seq, n, head, leaves)
            """)
        appendLiteral(" SELECT ")
        appendInterpolation(write.ws)
        appendLiteral(", * FROM unnest(")
        appendList(write.sids, write.lasts, write.counts, write.heads, write.leaves)
        appendLiteral(
            """
            )
            ), o AS (
                INSERT INTO object_buckets (sid, low, entries)
                SELECT * FROM unnest(
            """)
        appendList(write.bucketSids, write.bucketLows, write.bucketBlobs)
        appendLiteral(
            """
            )
                ON CONFLICT (sid, low) DO UPDATE SET entries = excluded.entries
            ), s AS (
                UPDATE streams SET sseq = u.s, head = u.h
                FROM unnest(
            """)
        appendList(write.sids, write.ends, write.heads)
        appendLiteral(
            """
            ) AS u(i, s, h)
                WHERE streams.sid = u.i
            )
            """)
    }

    /// The arrays as binds, separated by commas.
    private mutating func appendList(_ arrays: any PostgresDynamicTypeEncodable...) {
        for (index, array) in arrays.enumerated() {
            if index > 0 { appendLiteral(", ") }
            appendAny(array)
        }
    }

    private mutating func appendAny(_ value: some PostgresDynamicTypeEncodable) {
        appendInterpolation(value)
    }
}
