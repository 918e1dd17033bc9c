/// The right edge of a Merkle log (a compact range from leaf 0): enough to append leaves and
/// compute the root without holding the tree.
///
/// It keeps one hash per set bit of the size, the roots of the perfect subtrees the leaves form,
/// largest first: at most 64 hashes for any size. Appending reports the perfect subtrees it
/// completes, so a store of inner nodes (the club server's tiles) can keep them for proofs.
public struct MerkleRange: Sendable, Equatable {
    /// A perfect subtree completed by an append.
    public struct Node: Sendable, Equatable {
        /// The subtree's level: 0 for a leaf.
        public let level: Int
        /// Its index among the subtrees of its level.
        public let index: UInt64
        /// Its hash.
        public let hash: [UInt8]
    }

    /// The number of leaves.
    public private(set) var size: UInt64
    /// The roots of the perfect subtrees the leaves form, largest (leftmost) first.
    public private(set) var frontier: [[UInt8]]

    /// An empty log.
    public init() {
        size = 0
        frontier = []
    }

    /// A log of `size` leaves whose right edge is `frontier`.
    ///
    /// - Parameters:
    ///   - size: the number of leaves.
    ///   - frontier: one hash per set bit of `size`, largest subtree first.
    /// - Throws: `MerkleError.malformedFrontier` when the count does not match `size`.
    public init(size: UInt64, frontier: [[UInt8]]) throws {
        guard frontier.count == size.nonzeroBitCount else {
            throw MerkleError.malformedFrontier(size: size, hashes: frontier.count)
        }
        self.size = size
        self.frontier = frontier
    }

    /// Appends a leaf whose hash is `leafHash`.
    ///
    /// - Parameter leafHash: `MerkleHasher.leaf` of the leaf's data.
    /// - Returns: the perfect subtrees this append completed, the leaf itself first.
    /// - Throws: `MerkleError.full` when the log already holds 2^64 − 1 leaves.
    @discardableResult
    public mutating func append(_ leafHash: [UInt8], hasher: MerkleHasher) throws -> [Node] {
        guard size < UInt64.max else { throw MerkleError.full }
        var completed = [Node(level: 0, index: size, hash: leafHash)]
        var hash = leafHash
        var level = 0
        var index = size
        while (size >> UInt64(level)) & 1 == 1 {
            hash = hasher.node(frontier.removeLast(), hash)
            level += 1
            index >>= 1
            completed.append(Node(level: level, index: index, hash: hash))
        }
        frontier.append(hash)
        size += 1
        return completed
    }

    /// The log's root: RFC 9162's MTH over every leaf.
    public func root(hasher: MerkleHasher) -> [UInt8] {
        guard var hash = frontier.last else { return hasher.empty }
        for left in frontier.dropLast().reversed() { hash = hasher.node(left, hash) }
        return hash
    }
}
