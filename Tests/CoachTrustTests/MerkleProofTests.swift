import CoachCrypto
import CoachTrust
import Testing

/// Inclusion and consistency proofs of the log's Merkle core for every size up to 70, with
/// both hashers: each generated proof verifies, has the length index arithmetic predicts, and
/// is refused after any single-bit flip or with a wrong index or size; and proof lengths at
/// ten million entries from index arithmetic alone.
@Suite struct MerkleProofTests {
    static let hashers: [(String, MerkleHasher)] = [("blake2b", .blake2b256), ("sha256", .sha256)]
    static let largest: UInt64 = 70
    /// Up to this size every bit of every proof hash is flipped, and every other index and size
    /// tried; above it (to keep the suite fast) one bit of each proof hash, and the published
    /// mutations' neighbours of the index and sizes (± 1, ^ 1, ^ 2, · 2, ÷ 2, first, last).
    static let exhaustiveUpTo: UInt64 = 12

    /// A log of `largest` distinct leaves and its root at every size (index = size).
    static func log(_ hasher: MerkleHasher) throws -> (MerkleLog, [[UInt8]]) {
        var log = MerkleLog(hasher: hasher)
        for leaf in 0..<largest { try log.append(data: Array("leaf \(leaf)".utf8)) }
        let roots = try (0...largest).map { try log.root(at: $0) }
        return (log, roots)
    }

    /// Every proof `proof` becomes after one bit flip: at every bit, or at one bit of each hash
    /// (a different byte and bit from hash to hash).
    static func flips(_ proof: [[UInt8]], everyBit: Bool) -> [[[UInt8]]] {
        var result: [[[UInt8]]] = []
        for item in proof.indices {
            let bits = everyBit ? Array(0..<proof[item].count * 8) : [(item * 77 + 5) % 256]
            for bit in bits {
                var damaged = proof
                damaged[item][bit / 8] ^= 1 << UInt8(bit % 8)
                result.append(damaged)
            }
        }
        return result
    }

    /// The values in `range` other than `value`: all of them, or its neighbours.
    static func others(
        than value: UInt64, in range: ClosedRange<UInt64>, all: Bool
    ) -> [UInt64] {
        let near = [
            value &+ 1, value &- 1, value ^ 1, value ^ 2, value &* 2, value / 2,
            range.lowerBound, range.upperBound,
        ]
        let candidates = all ? Array(range) : near
        return Set(candidates).filter { $0 != value && range.contains($0) }.sorted()
    }

    @Test(
        "Every inclusion proof to 70 leaves verifies and nothing altered does", arguments: hashers)
    func inclusion(name: String, hasher: MerkleHasher) throws {
        let (log, roots) = try Self.log(hasher)
        for size in 1...Self.largest {
            for index in 0..<size {
                let leaf = try log.hash(MerkleNodeID(level: 0, index: index))
                let proof = try log.inclusionProof(index: index, size: size)
                func verifies(_ p: [[UInt8]], _ i: UInt64, _ s: UInt64, _ l: [UInt8]) -> Bool {
                    ProofVerifier.verifyInclusion(
                        leafHash: l, index: i, size: s, proof: p, root: roots[Int(s)],
                        hasher: hasher)
                }
                #expect(verifies(proof, index, size, leaf), "\(index) in \(size)")
                #expect(proof.count == MerkleMath.inclusionProofLength(index: index, size: size))
                let all = size <= Self.exhaustiveUpTo
                for damaged in Self.flips(proof, everyBit: all) {
                    #expect(!verifies(damaged, index, size, leaf), "flip: \(index) in \(size)")
                }
                var flippedLeaf = leaf
                flippedLeaf[Int(index) % leaf.count] ^= 0x10
                #expect(!verifies(proof, index, size, flippedLeaf))
                for other in Self.others(than: index, in: 0...size + 1, all: all) {
                    #expect(!verifies(proof, other, size, leaf), "\(index) as \(other) in \(size)")
                }
                for other in Self.others(than: size, in: index + 1...Self.largest, all: all) {
                    #expect(!verifies(proof, index, other, leaf), "\(index) in \(size) as \(other)")
                }
                #expect(!verifies(Array(proof.dropLast()), index, size, leaf) || proof.isEmpty)
                #expect(!verifies(proof + [roots[Int(size)]], index, size, leaf))
            }
        }
    }

    @Test(
        "Every consistency proof to 70 leaves verifies and nothing altered does", arguments: hashers
    )
    func consistency(name: String, hasher: MerkleHasher) throws {
        let (log, roots) = try Self.log(hasher)
        for new in 1...Self.largest {
            for old in 1...new {
                let proof = try log.consistencyProof(from: old, to: new)
                func verifies(_ p: [[UInt8]], _ m: UInt64, _ n: UInt64) -> Bool {
                    ProofVerifier.verifyConsistency(
                        old: m, new: n, oldRoot: roots[Int(m)], newRoot: roots[Int(n)], proof: p,
                        hasher: hasher)
                }
                #expect(verifies(proof, old, new), "\(old) to \(new)")
                #expect(proof.count == MerkleMath.consistencyProofLength(from: old, to: new))
                let all = new <= Self.exhaustiveUpTo
                for damaged in Self.flips(proof, everyBit: all) {
                    #expect(!verifies(damaged, old, new), "flip: \(old) to \(new)")
                }
                // From the empty tree (0) every log follows, with an empty proof.
                for other in Self.others(than: old, in: 0...new, all: all)
                where other > 0 || !proof.isEmpty {
                    #expect(!verifies(proof, other, new), "\(old) as \(other) to \(new)")
                }
                for other in Self.others(than: new, in: old...Self.largest, all: all) {
                    #expect(!verifies(proof, old, other), "\(old) to \(new) as \(other)")
                }
                let forked = hasher.node(roots[Int(new)], roots[Int(old)])
                #expect(
                    !ProofVerifier.verifyConsistency(
                        old: old, new: new, oldRoot: roots[Int(old)], newRoot: forked,
                        proof: proof, hasher: hasher))
                #expect(!verifies(proof + [roots[Int(old)]], old, new))
                if !proof.isEmpty { #expect(!verifies(Array(proof.dropLast()), old, new)) }
                #expect(!verifies(proof, new, old) || old == new)
                #expect(
                    !ProofVerifier.verifyConsistency(
                        old: 0, new: new, oldRoot: roots[Int(new)], newRoot: roots[Int(new)],
                        proof: [], hasher: hasher), "a non-empty tree as the empty one")
            }
        }
    }

    @Test("At ten million entries a consistency proof is at most 25 hashes, an inclusion one 24")
    func tenMillion() throws {
        let size: UInt64 = 10_000_000
        var olds: [UInt64] = (0..<24).map { UInt64(1) << $0 }
        olds += stride(from: 1, to: size, by: 99_991).map { UInt64($0) }
        olds += (1...1_000).map { size - $0 }
        var longest = 0
        for old in olds {
            let length = try #require(MerkleMath.consistencyProofLength(from: old, to: size))
            #expect(try MerkleProofs.consistencyPlan(from: old, to: size).count == length)
            longest = max(longest, length)
        }
        // ⌈log2 10^7⌉ + 1: one hash per level the proof descends, and the old root's subtree.
        #expect(longest == 25)
        let inclusion = olds.compactMap { MerkleMath.inclusionProofLength(index: $0, size: size) }
        #expect(inclusion.max() == 24)
        for index in olds.prefix(24) {
            let plan = try MerkleProofs.inclusionPlan(index: index, size: size)
            #expect(plan.count == MerkleMath.inclusionProofLength(index: index, size: size))
        }
    }
}
