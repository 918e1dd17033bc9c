import CoachSync
import CoachTrust
import PostgresNIO

extension SyncStore {
    /// Refuses a pushed change whose `seen` names a log position this server never signed:
    /// no head of that size, or one with another root (`422 unknown_tree_head`, naming the
    /// change). Changes without `seen` cost nothing; the others one indexed read inside the
    /// push's transaction. A change stamped no later than the owner's last log reset
    /// (`resetTime`, 0 before one) may name a head of the log the reset gave up: it is not
    /// checked.
    ///
    /// - Throws: `SyncProblem` naming the first change refused.
    func checkSeen(
        _ ws: String, _ all: [ChangeEnvelope], resetTime: Int64 = 0,
        on connection: PostgresConnection
    ) async throws {
        let envelopes = all.map { $0.clock.milliseconds <= resetTime ? nil : $0 }
        let sizes = Array(Set(envelopes.compactMap { $0?.seen.map { Int64(clamping: $0.size) } }))
        guard !sizes.isEmpty else { return }
        var roots: [Int64: [UInt8]] = [:]
        let rows = try await connection.query(
            "SELECT size, root FROM tree_heads WHERE ws = \(ws) AND size = ANY(\(sizes))",
            logger: logger)
        for try await (size, root) in rows.decode((Int64, ByteBuffer).self) {
            roots[size] = Array(root.readableBytesView)
        }
        for (index, envelope) in envelopes.enumerated() {
            guard let envelope, let seen = envelope.seen else { continue }
            guard roots[Int64(clamping: seen.size)] == seen.root else {
                throw SyncProblem.refuse(
                    .unknownTreeHead,
                    "change \(index) names a log of \(seen.size) entries that this server "
                        + "never signed",
                    device: envelope.device, change: index)
            }
        }
    }
}
