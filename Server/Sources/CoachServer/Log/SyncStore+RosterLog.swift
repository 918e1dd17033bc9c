import CoachSync
import NIOCore
import PostgresNIO

extension SyncStore {
    /// How many roster entries the newest signed head covers, read in the caller's snapshot:
    /// the end of the roster's last run (stream key 0) inside the head's size.
    func rosterLoggedEnd(_ ws: String, on connection: PostgresConnection) async throws
        -> Int64
    {
        let size = try await newestHead(ws, on: connection)?.size ?? 0
        let row = try await connection.query(
            """
            SELECT coalesce(max(seq), 0) FROM log_runs
            WHERE ws = \(ws) AND sid = 0 AND gseq + n <= \(size)
            """, logger: logger
        ).collect().first
        return try row?.decode(Int64.self) ?? 0
    }

    /// The roster's head after its first `count` entries, if it has that many.
    func rosterHead(_ ws: String, at count: Int64, on connection: PostgresConnection)
        async throws -> RosterHead?
    {
        let row = try await connection.query(
            "SELECT head FROM roster WHERE ws = \(ws) AND rseq = \(count)", logger: logger
        ).collect().first
        return try row.map { RosterHead(count: count, hash: try $0.decode(ByteBuffer.self).array) }
    }
}
