import CoachTrust
import NIOCore
import PostgresNIO

/// What one sequencer round writes, in one statement.
struct LogRoundWrite {
    /// Each numbered run: its first leaf's index, stream key, last sequence and count.
    var runs: [(gseq: Int64, sid: Int64, seq: Int64, n: Int32)] = []
    /// Each touched stream's logged end: sequence and head.
    var streams: [Int64: (seq: Int64, head: [UInt8])] = [:]
    /// The perfect subtrees the round completed.
    var nodes: [MerkleRange.Node] = []

    /// Appends the tiles, numbers the runs, moves the streams' logged ends and the right
    /// edge, stores the signed head and deletes the pending rows it numbered.
    func store(
        _ ws: String, range: MerkleRange, root: [UInt8],
        head: (time: Int64, keyId: [UInt8], signature: [UInt8]), store: SyncStore,
        on connection: PostgresConnection
    ) async throws {
        let tiles = LogTiles.appends(nodes)
        let sids = streams.keys.sorted()
        try await connection.query(
            """
            WITH t AS (
                INSERT INTO log_tiles (ws, level, idx, hashes)
                SELECT \(ws), * FROM unnest(\(tiles.map { Int16($0.tile.level) }),
                    \(tiles.map { Int64($0.tile.index) }), \(tiles.map { $0.bytes.buffer }))
                ON CONFLICT (ws, level, idx)
                    DO UPDATE SET hashes = log_tiles.hashes || excluded.hashes
            ), r AS (
                INSERT INTO log_runs (ws, gseq, sid, seq, n)
                SELECT \(ws), * FROM unnest(\(runs.map(\.gseq)), \(runs.map(\.sid)),
                    \(runs.map(\.seq)), \(runs.map(\.n)))
            ), s AS (
                INSERT INTO log_streams (ws, sid, seq, head)
                SELECT \(ws), * FROM unnest(\(sids), \(sids.map { streams[$0]?.seq ?? 0 }),
                    \(sids.map { (streams[$0]?.head ?? []).buffer }))
                ON CONFLICT (ws, sid) DO UPDATE SET seq = excluded.seq, head = excluded.head
            ), h AS (
                INSERT INTO tree_heads (ws, size, root, time, key_id, signature)
                VALUES (\(ws), \(Int64(range.size)), \(root.buffer), \(head.time),
                    \(head.keyId.buffer), \(head.signature.buffer))
            ), d AS (
                DELETE FROM log_pending p
                USING unnest(\(runs.map(\.sid)), \(runs.map(\.seq))) AS k(sid, seq)
                WHERE p.ws = \(ws) AND p.sid = k.sid AND p.seq = k.seq
            )
            UPDATE log_state SET size = \(Int64(range.size)), root = \(root.buffer),
                frontier = \(Array(range.frontier.joined()).buffer)
            WHERE ws = \(ws)
            """, logger: store.logger)
    }
}
