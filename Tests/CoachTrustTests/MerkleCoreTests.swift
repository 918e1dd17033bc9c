import CoachCrypto
import Testing

@testable import CoachTrust

/// RFC 9162 §2.1's definitions written out recursively, as the reference the core is held to.
private struct ReferenceTree {
    let hasher: MerkleHasher
    let leaves: [[UInt8]]

    func mth(_ range: Range<Int>) -> [UInt8] {
        switch range.count {
        case 0: return hasher.empty
        case 1: return hasher.leaf(leaves[range.lowerBound])
        default:
            let k = Int(MerkleMath.splitPoint(UInt64(range.count)))
            let split = range.lowerBound + k
            return hasher.node(mth(range.lowerBound..<split), mth(split..<range.upperBound))
        }
    }

    func path(_ m: Int, _ range: Range<Int>) -> [[UInt8]] {
        guard range.count > 1 else { return [] }
        let split = range.lowerBound + Int(MerkleMath.splitPoint(UInt64(range.count)))
        if m < split {
            return path(m, range.lowerBound..<split) + [mth(split..<range.upperBound)]
        }
        return path(m, split..<range.upperBound) + [mth(range.lowerBound..<split)]
    }

    func subproof(_ m: Int, _ range: Range<Int>, _ whole: Bool) -> [[UInt8]] {
        if m == range.count { return whole ? [] : [mth(range)] }
        let k = Int(MerkleMath.splitPoint(UInt64(range.count)))
        let split = range.lowerBound + k
        if m <= k {
            return subproof(m, range.lowerBound..<split, whole) + [mth(split..<range.upperBound)]
        }
        return subproof(m - k, split..<range.upperBound, false) + [mth(range.lowerBound..<split)]
    }
}

@Suite struct MerkleCoreTests {
    static let hashers: [(String, MerkleHasher)] = [("blake2b", .blake2b256), ("sha256", .sha256)]

    private func log(_ hasher: MerkleHasher, _ count: Int) throws -> (MerkleLog, ReferenceTree) {
        let leaves = (0..<count).map { Array("leaf \($0)".utf8) }
        var log = MerkleLog(hasher: hasher)
        for leaf in leaves { try log.append(data: leaf) }
        return (log, ReferenceTree(hasher: hasher, leaves: leaves))
    }

    @Test("roots and inclusion proofs equal RFC 9162's definitions and verify", arguments: hashers)
    func inclusion(name: String, hasher: MerkleHasher) throws {
        let (log, reference) = try log(hasher, 34)
        for size in 0...33 {
            let root = try log.root(at: UInt64(size))
            #expect(root == reference.mth(0..<size), "root at \(size)")
            for index in 0..<size {
                let proof = try log.inclusionProof(index: UInt64(index), size: UInt64(size))
                #expect(proof == reference.path(index, 0..<size))
                #expect(
                    proof.count
                        == MerkleMath.inclusionProofLength(
                            index: UInt64(index), size: UInt64(size)))
                let leaf = hasher.leaf(reference.leaves[index])
                #expect(
                    ProofVerifier.verifyInclusion(
                        leafHash: leaf, index: UInt64(index), size: UInt64(size), proof: proof,
                        root: root, hasher: hasher))
                #expect(
                    !ProofVerifier.verifyInclusion(
                        leafHash: leaf, index: UInt64(index), size: UInt64(size), proof: proof,
                        root: try log.root(at: UInt64(size) + 1), hasher: hasher))
                if index > 0 {
                    #expect(
                        !ProofVerifier.verifyInclusion(
                            leafHash: leaf, index: UInt64(index - 1), size: UInt64(size),
                            proof: proof, root: root, hasher: hasher))
                }
            }
        }
    }

    @Test("consistency proofs equal RFC 9162's definitions and verify", arguments: hashers)
    func consistency(name: String, hasher: MerkleHasher) throws {
        let (log, reference) = try log(hasher, 33)
        for new in 0...33 {
            for old in 0...new {
                let proof = try log.consistencyProof(from: UInt64(old), to: UInt64(new))
                let expected = old == 0 ? [] : reference.subproof(old, 0..<new, true)
                #expect(proof == expected, "\(old) → \(new)")
                #expect(
                    proof.count
                        == MerkleMath.consistencyProofLength(
                            from: UInt64(old), to: UInt64(new)))
                let oldRoot = try log.root(at: UInt64(old))
                let newRoot = try log.root(at: UInt64(new))
                #expect(
                    ProofVerifier.verifyConsistency(
                        old: UInt64(old), new: UInt64(new), oldRoot: oldRoot, newRoot: newRoot,
                        proof: proof, hasher: hasher))
                if old > 0 && old < new {
                    #expect(
                        !ProofVerifier.verifyConsistency(
                            old: UInt64(old), new: UInt64(new), oldRoot: newRoot,
                            newRoot: newRoot, proof: proof, hasher: hasher))
                    #expect(
                        !ProofVerifier.verifyConsistency(
                            old: UInt64(old), new: UInt64(new), oldRoot: oldRoot,
                            newRoot: newRoot, proof: proof + [oldRoot], hasher: hasher))
                }
            }
        }
    }

    @Test("a single flipped bit anywhere in a proof is refused")
    func flippedBits() throws {
        let hasher = MerkleHasher.blake2b256
        let (log, _) = try log(hasher, 21)
        let proof = try log.consistencyProof(from: 13, to: 21)
        let (old, new) = (try log.root(at: 13), try log.root(at: 21))
        for element in proof.indices {
            for bit in 0..<(hasher.hashLength * 8) {
                var bad = proof
                bad[element][bit / 8] ^= UInt8(1 << (bit % 8))
                #expect(
                    !ProofVerifier.verifyConsistency(
                        old: 13, new: 21, oldRoot: old, newRoot: new, proof: bad, hasher: hasher))
            }
        }
    }

    @Test("proof lengths at ten million entries stay near 48 hashes")
    func tenMillion() throws {
        let size: UInt64 = 10_000_000
        #expect(MerkleMath.inclusionProofLength(index: 0, size: size) == 24)
        #expect(MerkleMath.consistencyProofLength(from: 9_999_001, to: size) ?? 99 <= 48)
        #expect(
            try MerkleProofs.consistencyPlan(from: 3, to: size).count
                == MerkleMath.consistencyProofLength(from: 3, to: size))
        #expect(MerkleMath.inclusionProofLength(index: size, size: size) == nil)
        #expect(MerkleMath.consistencyProofLength(from: size, to: 3) == nil)
    }

    @Test("a frontier that does not fit its size is refused, and a resumed range continues")
    func frontier() throws {
        #expect(throws: MerkleError.malformedFrontier(size: 5, hashes: 1)) {
            try MerkleRange(size: 5, frontier: [[UInt8](repeating: 0, count: 32)])
        }
        var (log, reference) = try log(.blake2b256, 11)
        var resumed = try MerkleRange(size: log.range.size, frontier: log.range.frontier)
        try resumed.append(MerkleHasher.blake2b256.leaf([9]), hasher: .blake2b256)
        try log.append(data: [9])
        #expect(resumed == log.range)
        #expect(
            resumed.root(hasher: .blake2b256)
                == ReferenceTree(hasher: .blake2b256, leaves: reference.leaves + [[9]]).mth(0..<12))
        reference = ReferenceTree(hasher: .blake2b256, leaves: [])
        #expect(MerkleRange().root(hasher: .blake2b256) == reference.mth(0..<0))
    }
}
