/// Checks inclusion and consistency proofs exactly as RFC 9162 §2.1.3.2 and §2.1.4.2 describe.
///
/// Pure code on values, shared by the club server and every client. A proof with a hash of the
/// wrong length, too many or too few hashes, or sizes out of order fails.
public enum ProofVerifier {
    /// Whether `proof` shows the leaf hashing to `leafHash` at `index` in the tree of `size`
    /// leaves whose root is `root`.
    public static func verifyInclusion(
        leafHash: [UInt8], index: UInt64, size: UInt64, proof: [[UInt8]], root: [UInt8],
        hasher: MerkleHasher
    ) -> Bool {
        guard index < size, wellFormed(proof, hasher), leafHash.count == hasher.hashLength
        else { return false }
        var fn = index
        var sn = size - 1
        var hash = leafHash
        for sibling in proof {
            guard sn > 0 else { return false }
            if fn & 1 == 1 || fn == sn {
                hash = hasher.node(sibling, hash)
                while fn & 1 == 0 && fn != 0 {
                    fn >>= 1
                    sn >>= 1
                }
            } else {
                hash = hasher.node(hash, sibling)
            }
            fn >>= 1
            sn >>= 1
        }
        return sn == 0 && hash == root
    }

    /// Whether `proof` shows that the tree of `old` leaves with root `oldRoot` is a prefix of
    /// the tree of `new` leaves with root `newRoot`.
    public static func verifyConsistency(
        old: UInt64, new: UInt64, oldRoot: [UInt8], newRoot: [UInt8], proof: [[UInt8]],
        hasher: MerkleHasher
    ) -> Bool {
        guard old <= new, wellFormed(proof, hasher) else { return false }
        if old == new { return proof.isEmpty && oldRoot == newRoot }
        // Every log extends the empty one, whose root is the hash of nothing (RFC 9162 §2.1.1).
        if old == 0 { return proof.isEmpty && oldRoot == hasher.empty }
        guard !proof.isEmpty else { return false }
        var path = proof
        if old & (old - 1) == 0 { path.insert(oldRoot, at: 0) }
        var fn = old - 1
        var sn = new - 1
        while fn & 1 == 1 {
            fn >>= 1
            sn >>= 1
        }
        var fr = path[0]
        var sr = path[0]
        for hash in path.dropFirst() {
            guard sn > 0 else { return false }
            if fn & 1 == 1 || fn == sn {
                fr = hasher.node(hash, fr)
                sr = hasher.node(hash, sr)
                while fn & 1 == 0 && fn != 0 {
                    fn >>= 1
                    sn >>= 1
                }
            } else {
                sr = hasher.node(sr, hash)
            }
            fn >>= 1
            sn >>= 1
        }
        return fr == oldRoot && sr == newRoot && sn == 0
    }

    private static func wellFormed(_ proof: [[UInt8]], _ hasher: MerkleHasher) -> Bool {
        proof.count <= 128 && proof.allSatisfy { $0.count == hasher.hashLength }
    }
}
