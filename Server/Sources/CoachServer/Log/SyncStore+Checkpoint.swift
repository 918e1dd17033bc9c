import CoachSync
import CoachTrust
import PostgresNIO

extension SyncStore {
    /// Refuses a roster push whose owner checkpoint names a head this server's log does not
    /// hold: no head of that size, or one with another root (`422 roster_rejected`). A
    /// signature of the server's key alone is not enough: the head must be of this log.
    /// Pushes without a checkpoint cost nothing; the others one indexed read inside the
    /// roster's transaction.
    ///
    /// - Throws: `SyncProblem` naming the first checkpoint refused.
    func requireLoggedCheckpoints(
        _ ws: String, _ entries: [RosterEntry], on connection: PostgresConnection
    ) async throws {
        let heads: [SignedTreeHead] = entries.compactMap { entry in
            guard case .logCheckpoint(let checkpoint) = entry else { return nil }
            return checkpoint.decoded?.head
        }
        guard !heads.isEmpty else { return }
        let sizes = Array(Set(heads.map { Int64(clamping: $0.size) }))
        var roots: [Int64: [UInt8]] = [:]
        let rows = try await connection.query(
            "SELECT size, root FROM tree_heads WHERE ws = \(ws) AND size = ANY(\(sizes))",
            logger: logger)
        for try await (size, root) in rows.decode((Int64, ByteBuffer).self) {
            roots[size] = Array(root.readableBytesView)
        }
        for head in heads where roots[Int64(clamping: head.size)] != head.root {
            throw SyncProblem.refuse(
                .rosterRejected,
                "a log checkpoint names a log of \(head.size) entries that this server never"
                    + " signed")
        }
    }
}
