import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

/// One pending run of a stream (stream key 0: the roster) with its leaf hashes: as a push or
/// a roster change left it, or, for what was stored before the log existed, computed from the
/// stored run or roster entries.
struct LogPending {
    let sid: Int64
    /// The stream sequence of the run's last leaf.
    let seq: Int64
    /// The stream head after the run.
    let head: [UInt8]
    let leaves: [[UInt8]]

    /// The workspace's pending runs in stream order, up to `limit`.
    ///
    /// - Throws: `ServerError.logTampered` when a row's hashes do not match its count, or a
    ///   stored run or entry it names cannot be read.
    static func read(
        _ ws: String, limit: Int, store: SyncStore, on connection: PostgresConnection
    ) async throws -> [LogPending] {
        let rows = try await connection.query(
            """
            SELECT sid, seq, n, head, leaves FROM log_pending WHERE ws = \(ws)
            ORDER BY sid, seq LIMIT \(limit)
            """, logger: store.logger)
        var found: [(sid: Int64, seq: Int64, n: Int32, head: [UInt8]?, leaves: [UInt8]?)] = []
        for try await (sid, seq, n, head, leaves) in rows.decode(
            (Int64, Int64, Int32, ByteBuffer?, ByteBuffer?).self)
        {
            found.append((sid, seq, n, head?.array, leaves?.array))
        }
        let missing = found.filter { $0.leaves == nil }
        let computed = try await backfill(
            ws, runs: missing.filter { $0.sid != 0 }.map { ($0.sid, $0.seq) },
            entries: missing.filter { $0.sid == 0 }.map(\.seq), store: store, on: connection)
        return try found.map { row in
            let key = Key(sid: row.sid, seq: row.seq)
            guard
                let (head, leaves) = row.leaves.map({ (row.head ?? [], $0.chunked(32)) })
                    ?? computed[key],
                leaves.count == Int(row.n), leaves.allSatisfy({ $0.count == 32 }),
                head.count == 32
            else {
                throw ServerError.logTampered(
                    workspace: ws, why: "pending run \(row.seq) of stream \(row.sid) is damaged")
            }
            return LogPending(sid: row.sid, seq: row.seq, head: head, leaves: leaves)
        }
    }

    struct Key: Hashable {
        let sid: Int64
        let seq: Int64
    }

    /// The heads and leaf hashes of runs and roster entries stored before the log.
    private static func backfill(
        _ ws: String, runs: [(Int64, Int64)], entries: [Int64], store: SyncStore,
        on connection: PostgresConnection
    ) async throws -> [Key: ([UInt8], [[UInt8]])] {
        var computed: [Key: ([UInt8], [[UInt8]])] = [:]
        let hasher = MerkleHasher.blake2b256
        if !runs.isEmpty {
            let rows = try await connection.query(
                """
                SELECT r.sid, r.sseq, r.n, r.head, r.body FROM runs r
                JOIN unnest(\(runs.map(\.0)), \(runs.map(\.1))) AS k(sid, seq)
                    ON r.sid = k.sid AND r.sseq = k.seq
                """, logger: store.logger)
            for try await (sid, sseq, n, start, body) in rows.decode(
                (Int64, Int64, Int32, ByteBuffer, ByteBuffer).self)
            {
                let (back, overflow) = sseq.subtractingReportingOverflow(Int64(n) - 1)
                guard !overflow, n > 0, back >= 1, let first = UInt64(exactly: back) else {
                    throw ServerError.logTampered(
                        workspace: ws, why: "stored run \(sid)/\(sseq) of \(n) has no place")
                }
                var leaves: [[UInt8]] = []
                var head = start.array
                for (offset, change) in ChangeRun.unpack(body.array, head: start.array)
                    .enumerated()
                {
                    guard let envelope = try? ChangeEnvelope.decode(change.bytes) else { break }
                    head = change.head
                    leaves.append(
                        hasher.leaf(
                            LogLeaf.change(
                                stream: envelope.stream, sequence: first + UInt64(offset),
                                changeHash: envelope.hash, head: change.head)))
                }
                computed[Key(sid: sid, seq: sseq)] = (head, leaves)
            }
        }
        if !entries.isEmpty {
            let rows = try await connection.query(
                """
                SELECT rseq, entry, head FROM roster WHERE ws = \(ws) AND rseq = ANY(\(entries))
                """, logger: store.logger)
            for try await (rseq, entry, head) in rows.decode(
                (Int64, ByteBuffer, ByteBuffer).self)
            {
                guard let decoded = try? SyncJSON.decode(RosterEntry.self, from: entry.array)
                else { continue }
                guard let sequence = UInt64(exactly: rseq) else {
                    throw ServerError.logTampered(
                        workspace: ws, why: "roster entry \(rseq) has no place")
                }
                let leaf = hasher.leaf(
                    LogLeaf.rosterEntry(
                        sequence: sequence, entryHash: decoded.hash, head: head.array))
                computed[Key(sid: 0, seq: rseq)] = (head.array, [leaf])
            }
        }
        return computed
    }
}
