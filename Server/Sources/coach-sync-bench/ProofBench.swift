import CoachCrypto
import CoachKit
import CoachTrust
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `coach-sync-bench proofs N [PAIRS]`: the client's log checks at the scale of a big log. A
/// log of N leaves is built through `MerkleRange` (its completed subtrees from level 6 up
/// kept, lower ones recomputed from the leaves), then PAIRS (10,000 by default) random
/// (old, new) sizes each get a consistency proof and an inclusion proof of a random leaf of
/// the new tree, assembled before timing; what is timed is the verification alone, in this
/// thread's CPU time, as `coach sync` runs it. A second pass counts the hashes.
enum ProofBench {
    /// The lowest level of subtree kept while building: below it a subtree is recomputed.
    static let keptLevel = 6

    static func run(size: UInt64, pairs: Int) throws {
        let hasher = MerkleHasher.blake2b256
        let built = Date()
        var range = MerkleRange()
        var kept: [MerkleNodeID: [UInt8]] = [:]
        kept.reserveCapacity(Int(size >> UInt64(keptLevel - 1)))
        for index in 0..<size {
            for node in try range.append(leaf(index, hasher), hasher: hasher)
            where node.level >= keptLevel {
                kept[MerkleNodeID(level: node.level, index: node.index)] = node.hash
            }
        }
        let nodeOf: (MerkleNodeID) -> [UInt8] = { id in
            kept[id] ?? subtree(level: id.level, index: id.index, hasher)
        }
        let root = MerkleProofs.fold(
            MerkleProofs.rootPlan(size: size), hasher: hasher, node: nodeOf)
        guard root == range.root(hasher: hasher) else { throw ProofBenchFailure.rootDiffers }
        print(
            "log of \(size) leaves built in \(String(format: "%.1f", -built.timeIntervalSinceNow)) s"
                + " (\(kept.count) subtrees kept)")
        var random = SystemRandomNumberGenerator()
        var cases: [Case] = []
        for _ in 0..<pairs {
            let new = UInt64.random(in: size / 2...size, using: &random)
            let old = UInt64.random(in: 1...new, using: &random)
            let index = UInt64.random(in: 0..<new, using: &random)
            let rootOf = { (n: UInt64) in
                MerkleProofs.fold(MerkleProofs.rootPlan(size: n), hasher: hasher, node: nodeOf)
            }
            cases.append(
                Case(
                    old: old, new: new, oldRoot: rootOf(old), newRoot: rootOf(new),
                    consistency: MerkleProofs.assemble(
                        try MerkleProofs.consistencyPlan(from: old, to: new), hasher: hasher,
                        node: nodeOf),
                    index: index, leaf: leaf(index, hasher),
                    inclusion: MerkleProofs.assemble(
                        try MerkleProofs.inclusionPlan(index: index, size: new), hasher: hasher,
                        node: nodeOf)))
        }
        let start = ThreadCPU.micros()
        for item in cases where !item.verifies(hasher) { throw ProofBenchFailure.refused }
        let micros = ThreadCPU.micros() - start
        let count = LockedValue(0)
        let counting = MerkleHasher(hashLength: 32) { bytes in
            count.withLock { $0 += 1 }
            return Hashing.blake2b(bytes)
        }
        for item in cases where !item.verifies(counting) { throw ProofBenchFailure.refused }
        let hashes = count.withLock { $0 }
        let longest = cases.map { $0.consistency.count }.max() ?? 0
        let deepest = cases.map { $0.inclusion.count }.max() ?? 0
        print(
            "\(pairs) consistency + inclusion verifies: \(micros) µs of thread CPU, "
                + String(format: "%.2f", Double(micros) / Double(pairs))
                + " µs a pair, \(String(format: "%.1f", Double(hashes) / Double(pairs))) hashes"
                + " a pair (\(hashes) in all); proofs of at most \(longest) and \(deepest) hashes")
    }

    /// The hash of leaf `index`: its number as 8 bytes.
    static func leaf(_ index: UInt64, _ hasher: MerkleHasher) -> [UInt8] {
        hasher.leaf((0..<8).map { UInt8(truncatingIfNeeded: index >> UInt64(56 - 8 * $0)) })
    }

    /// The root of the perfect subtree `index` at `level`, from its leaves.
    static func subtree(level: Int, index: UInt64, _ hasher: MerkleHasher) -> [UInt8] {
        guard level > 0 else { return leaf(index, hasher) }
        return hasher.node(
            subtree(level: level - 1, index: 2 * index, hasher),
            subtree(level: level - 1, index: 2 * index + 1, hasher))
    }

    /// One pair of proofs and what they prove.
    struct Case {
        let old: UInt64, new: UInt64
        let oldRoot: [UInt8], newRoot: [UInt8]
        let consistency: [[UInt8]]
        let index: UInt64
        let leaf: [UInt8]
        let inclusion: [[UInt8]]

        /// Whether both proofs verify under `hasher`.
        func verifies(_ hasher: MerkleHasher) -> Bool {
            ProofVerifier.verifyConsistency(
                old: old, new: new, oldRoot: oldRoot, newRoot: newRoot, proof: consistency,
                hasher: hasher)
                && ProofVerifier.verifyInclusion(
                    leafHash: leaf, index: index, size: new, proof: inclusion, root: newRoot,
                    hasher: hasher)
        }
    }
}

/// Why the proofs bench stopped.
enum ProofBenchFailure: Error {
    /// The kept subtrees fold to another root than the range's.
    case rootDiffers
    /// A proof of the honest log was refused.
    case refused
}

/// This thread's CPU time.
enum ThreadCPU {
    /// Microseconds of CPU this thread has used.
    static func micros() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1_000
    }
}
