/// A perfect subtree of a Merkle log: the leaves `index · 2^level ..< (index + 1) · 2^level`.
public struct MerkleNodeID: Hashable, Sendable {
    /// The subtree's level: 0 for a leaf.
    public let level: Int
    /// Its index among the subtrees of its level.
    public let index: UInt64

    /// The subtree of `level` at `index`.
    public init(level: Int, index: UInt64) {
        self.level = level
        self.index = index
    }
}

/// Inclusion and consistency proofs as RFC 9162 §2.1.3.1 and §2.1.4.1 define them, made from
/// the hashes of perfect subtrees.
///
/// A proof is planned first: each of its hashes is the root of a run of perfect subtrees (one,
/// or several along the tree's ragged right edge). A store that keeps inner nodes (the club
/// server's tiles) reads every planned subtree in one query and then assembles the proof; the
/// in-memory `MerkleLog` does both at once.
public enum MerkleProofs {
    /// The subtrees behind each hash of the proof that leaf `index` is in the tree of `size`.
    ///
    /// - Returns: one run of subtrees per proof hash, from the leaf's sibling up to the root.
    /// - Throws: `MerkleError.outOfRange` when `index` is not below `size`.
    public static func inclusionPlan(index: UInt64, size: UInt64) throws -> [[MerkleNodeID]] {
        guard index < size else { throw MerkleError.outOfRange(index: index, size: size) }
        var start: UInt64 = 0
        var end = size
        var siblings: [[MerkleNodeID]] = []
        while end - start > 1 {
            let k = MerkleMath.splitPoint(end - start)
            if index - start < k {
                siblings.append(run(from: start + k, to: end))
                end = start + k
            } else {
                siblings.append(run(from: start, to: start + k))
                start += k
            }
        }
        return siblings.reversed()
    }

    /// The subtrees behind each hash of the proof that the tree of `old` leaves is a prefix of
    /// the tree of `new` leaves.
    ///
    /// - Returns: one run of subtrees per proof hash; empty when `old` is 0 or equals `new`.
    /// - Throws: `MerkleError.outOfRange` when `old` exceeds `new`.
    public static func consistencyPlan(from old: UInt64, to new: UInt64) throws
        -> [[MerkleNodeID]]
    {
        guard old <= new else { throw MerkleError.outOfRange(index: old, size: new) }
        guard old > 0, old < new else { return [] }
        var outer: [[MerkleNodeID]] = []
        var m = old
        var start: UInt64 = 0
        var end = new
        var whole = true
        while m != end - start {
            let k = MerkleMath.splitPoint(end - start)
            if m <= k {
                outer.append(run(from: start + k, to: end))
                end = start + k
            } else {
                outer.append(run(from: start, to: start + k))
                m -= k
                start += k
                whole = false
            }
        }
        if !whole { outer.append(run(from: start, to: end)) }
        return outer.reversed()
    }

    /// The subtrees whose fold is the root of the tree of `size` leaves (none when empty).
    public static func rootPlan(size: UInt64) -> [MerkleNodeID] { run(from: 0, to: size) }

    /// The proof hashes of `plan`, reading each subtree's hash from `node`.
    ///
    /// - Parameters:
    ///   - plan: a plan from `inclusionPlan` or `consistencyPlan`.
    ///   - hasher: the log's hasher.
    ///   - node: the hash of a perfect subtree.
    /// - Returns: the proof.
    /// - Throws: what `node` throws.
    public static func assemble(
        _ plan: [[MerkleNodeID]], hasher: MerkleHasher,
        node: (MerkleNodeID) throws -> [UInt8]
    ) rethrows -> [[UInt8]] {
        try plan.map { try fold($0, hasher: hasher, node: node) }
    }

    /// The root of a run of perfect subtrees, left to right: `H(s1, H(s2, … sj))`.
    ///
    /// - Returns: the run's root, or the empty tree's hash for an empty run.
    /// - Throws: what `node` throws.
    public static func fold(
        _ run: [MerkleNodeID], hasher: MerkleHasher, node: (MerkleNodeID) throws -> [UInt8]
    ) rethrows -> [UInt8] {
        guard let last = run.last else { return hasher.empty }
        var hash = try node(last)
        for id in run.dropLast().reversed() { hash = hasher.node(try node(id), hash) }
        return hash
    }

    private static func run(from start: UInt64, to end: UInt64) -> [MerkleNodeID] {
        MerkleMath.perfectSubtrees(from: start, to: end).map {
            MerkleNodeID(level: $0.0, index: $0.1)
        }
    }
}
