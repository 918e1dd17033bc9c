import CoachTrust
import NIOCore
import PostgresNIO

/// The perfect subtrees of a workspace's log as PostgreSQL keeps them: the hashes of levels
/// 0, 8, 16, … in tiles of 256 (tile `(t, i)` holds the level-8t hashes `256 i ..< 256 i +
/// 256`, the right edge's tile partly filled). Any perfect subtree's hash is folded from at
/// most 128 hashes of one tile.
struct LogTiles {
    /// A tile: its tile level (tree level / 8) and index.
    struct ID: Hashable {
        let level: Int
        let index: UInt64
    }

    /// Levels a tile spans.
    static let height = 8
    /// Hashes in a full tile.
    static let width: UInt64 = 256
    /// Bytes in a hash.
    static let hashBytes = 32

    /// The loaded tiles' bytes.
    var tiles: [ID: [UInt8]] = [:]

    /// The tile holding the hashes subtree `node` folds from, and their range in it.
    static func place(_ node: MerkleNodeID) -> (tile: ID, range: Range<UInt64>) {
        let below = node.level % height
        let first = node.index << UInt64(below)
        let offset = first % width
        return (
            ID(level: node.level / height, index: first / width),
            offset..<offset + (UInt64(1) << UInt64(below))
        )
    }

    /// Reads the tiles `nodes` need, in one statement.
    static func load(
        _ ws: String, for nodes: [MerkleNodeID], on connection: PostgresConnection,
        store: SyncStore
    ) async throws -> LogTiles {
        let ids = Array(Set(nodes.map { place($0).tile }))
        var loaded = LogTiles()
        guard !ids.isEmpty else { return loaded }
        let rows = try await connection.query(
            """
            SELECT t.level, t.idx, t.hashes FROM log_tiles t
            JOIN unnest(\(ids.map { Int16($0.level) }), \(ids.map { Int64($0.index) }))
                AS k(level, idx) ON t.level = k.level AND t.idx = k.idx
            WHERE t.ws = \(ws)
            """, logger: store.logger)
        for try await (level, index, hashes) in rows.decode((Int16, Int64, ByteBuffer).self) {
            loaded.tiles[ID(level: Int(level), index: UInt64(index))] = hashes.array
        }
        return loaded
    }

    /// The hash of perfect subtree `node`.
    ///
    /// - Throws: `MerkleError.missingNode` when the tiles do not hold it.
    func hash(_ node: MerkleNodeID, hasher: MerkleHasher) throws -> [UInt8] {
        let (tile, range) = Self.place(node)
        let size = UInt64(Self.hashBytes)
        guard let bytes = tiles[tile], UInt64(bytes.count) >= range.upperBound * size else {
            throw MerkleError.missingNode(level: node.level, index: node.index)
        }
        var level = range.map { at -> [UInt8] in
            let start = Int(at * size)
            return Array(bytes[start..<start + Self.hashBytes])
        }
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: 2).map {
                hasher.node(level[$0], level[$0 + 1])
            }
        }
        return level[0]
    }

    /// What completing `nodes` appends to the tiles: for each tile touched, in order, its
    /// new hashes (the nodes of levels 0, 8, 16, …).
    static func appends(_ nodes: [MerkleRange.Node]) -> [(tile: ID, bytes: [UInt8])] {
        var order: [ID] = []
        var bytes: [ID: [UInt8]] = [:]
        for node in nodes where node.level % height == 0 {
            let id = ID(level: node.level / height, index: node.index / width)
            if bytes[id] == nil { order.append(id) }
            bytes[id, default: []] += node.hash
        }
        return order.map { ($0, bytes[$0] ?? []) }
    }
}
