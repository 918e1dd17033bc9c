import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

extension SyncStore {
    /// The newest signed tree head of `ws`, or nil before the first round.
    func newestHead(_ ws: String, on connection: PostgresConnection) async throws
        -> ServerTreeHead?
    {
        let row = try await connection.query(
            """
            SELECT size, root, time, key_id, signature FROM tree_heads WHERE ws = \(ws)
            ORDER BY size DESC LIMIT 1
            """, logger: logger
        ).collect().first
        guard
            let (size, root, time, keyId, signature) = try row?.decode(
                (Int64, ByteBuffer, Int64, ByteBuffer, ByteBuffer).self)
        else { return nil }
        return ServerTreeHead(
            workspace: ws, keyId: keyId.array, size: size, root: root.array, time: time,
            signature: signature.array)
    }

    /// The proofs `plans` describe (from `MerkleProofs`), assembled from the tiles read in one
    /// statement.
    ///
    /// - Throws: `MerkleError.missingNode` when a planned subtree is not in the log.
    func assemble(
        _ ws: String, _ plans: [[[MerkleNodeID]]], on connection: PostgresConnection
    ) async throws -> [[[UInt8]]] {
        let tiles = try await LogTiles.load(
            ws, for: plans.flatMap { $0.flatMap { $0 } }, on: connection, store: self)
        return try plans.map { plan in
            try MerkleProofs.assemble(plan, hasher: .blake2b256) {
                try tiles.hash($0, hasher: .blake2b256)
            }
        }
    }

    /// The consistency proof from the log of `old` leaves to that of `new` leaves.
    ///
    /// - Throws: `MerkleError` when the sizes are out of order or past the log.
    public func consistencyProof(_ ws: String, from old: Int64, to new: Int64) async throws
        -> [[UInt8]]
    {
        guard old >= 0, new >= 0 else {
            throw MerkleError.outOfRange(index: UInt64(bitPattern: old), size: 0)
        }
        let plan = try MerkleProofs.consistencyPlan(from: UInt64(old), to: UInt64(new))
        return try await client.withConnection { connection in
            try await assemble(ws, [plan], on: connection)[0]
        }
    }

    /// The inclusion proof of leaf `index` in the log of `size` leaves.
    ///
    /// - Throws: `MerkleError` when the leaf or the size is past the log.
    public func inclusionProof(_ ws: String, index: Int64, size: Int64) async throws
        -> [[UInt8]]
    {
        guard index >= 0, size >= 0 else {
            throw MerkleError.outOfRange(index: UInt64(bitPattern: index), size: 0)
        }
        let plan = try MerkleProofs.inclusionPlan(index: UInt64(index), size: UInt64(size))
        return try await client.withConnection { connection in
            try await assemble(ws, [plan], on: connection)[0]
        }
    }
}
