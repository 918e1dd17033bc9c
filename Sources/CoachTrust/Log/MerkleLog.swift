/// A whole Merkle log in memory: its right edge and every perfect subtree's hash.
///
/// For tests, benchmarks and the in-process fake server; the club server keeps the same hashes
/// in PostgreSQL. Proofs and roots are available for every size the log has had.
public struct MerkleLog: Sendable {
    /// The log's hasher.
    public let hasher: MerkleHasher
    /// The right edge: the size and the root.
    public private(set) var range = MerkleRange()
    private var nodes: [MerkleNodeID: [UInt8]] = [:]

    /// An empty log hashing with `hasher`.
    public init(hasher: MerkleHasher = .blake2b256) { self.hasher = hasher }

    /// The number of leaves.
    public var size: UInt64 { range.size }

    /// Appends a leaf holding `data`.
    ///
    /// - Returns: the leaf's index.
    /// - Throws: `MerkleError.full` at 2^64 − 1 leaves.
    @discardableResult
    public mutating func append(data: [UInt8]) throws -> UInt64 {
        try append(leafHash: hasher.leaf(data))
    }

    /// Appends a leaf whose hash is `leafHash`.
    ///
    /// - Returns: the leaf's index.
    /// - Throws: `MerkleError.full` at 2^64 − 1 leaves.
    @discardableResult
    public mutating func append(leafHash: [UInt8]) throws -> UInt64 {
        let index = range.size
        for node in try range.append(leafHash, hasher: hasher) {
            nodes[MerkleNodeID(level: node.level, index: node.index)] = node.hash
        }
        return index
    }

    /// The root of the log when it had `size` leaves.
    ///
    /// - Throws: `MerkleError.outOfRange` past the current size.
    public func root(at size: UInt64) throws -> [UInt8] {
        guard size <= range.size else {
            throw MerkleError.outOfRange(index: size, size: range.size)
        }
        return try MerkleProofs.fold(MerkleProofs.rootPlan(size: size), hasher: hasher, node: hash)
    }

    /// The inclusion proof of leaf `index` in the log of `size` leaves.
    ///
    /// - Throws: `MerkleError.outOfRange` for a leaf or size the log does not have.
    public func inclusionProof(index: UInt64, size: UInt64) throws -> [[UInt8]] {
        guard size <= range.size else {
            throw MerkleError.outOfRange(index: size, size: range.size)
        }
        let plan = try MerkleProofs.inclusionPlan(index: index, size: size)
        return try MerkleProofs.assemble(plan, hasher: hasher, node: hash)
    }

    /// The consistency proof from the log of `old` leaves to the log of `new` leaves.
    ///
    /// - Throws: `MerkleError.outOfRange` for sizes out of order or past the current size.
    public func consistencyProof(from old: UInt64, to new: UInt64) throws -> [[UInt8]] {
        guard new <= range.size else {
            throw MerkleError.outOfRange(index: new, size: range.size)
        }
        let plan = try MerkleProofs.consistencyPlan(from: old, to: new)
        return try MerkleProofs.assemble(plan, hasher: hasher, node: hash)
    }

    /// The hash of a perfect subtree the log holds.
    ///
    /// - Throws: `MerkleError.missingNode` for a subtree not yet complete.
    public func hash(_ id: MerkleNodeID) throws -> [UInt8] {
        guard let hash = nodes[id] else {
            throw MerkleError.missingNode(level: id.level, index: id.index)
        }
        return hash
    }
}
