import CoachCrypto
import CoachTrust

/// libFuzzer target: a signed tree head and a Merkle proof, decoded from arbitrary bytes and
/// verified at fuzzed sizes up to 2^64 − 1.
///
/// Input: a 2-byte big-endian length and that many bytes of a `SignedTreeHead` (also read as
/// the other signed log values), then three 8-byte big-endian numbers (an old size, a leaf
/// index, and the size to use when the head does not decode), a 32-byte hash (the old root, or
/// the leaf's hash) and the proof: 32-byte hashes, the last one possibly shorter. Checks: a
/// decoded value is its own canonical byte form; a proof that verifies has the length index
/// arithmetic gives; planning, verifying and the client's log step never trap.
/// Tests/CoachTrustTests/LogFuzzCorpusTests.swift runs the committed corpus the same way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = Array(UnsafeBufferPointer(start: data, count: size))[...]
    func take(_ count: Int) -> [UInt8] {
        defer { input = input.dropFirst(count) }
        return Array(input.prefix(count))
    }
    func number() -> UInt64 { take(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
    let length = take(2).reduce(0) { $0 << 8 | Int($1) }
    let headBytes = take(length)
    let head = try? SignedTreeHead.decode(headBytes)
    if let head { precondition(head.encoded() == headBytes, "a tree head read two ways") }
    if let value = try? LogKeyCertificate.decode(headBytes) {
        precondition(value.encoded() == headBytes, "a key certificate read two ways")
    }
    if let value = try? TreeHeadCountersignature.decode(headBytes) {
        precondition(value.encoded() == headBytes, "a checkpoint read two ways")
    }
    if let value = try? LogResetStatement.decode(headBytes) {
        precondition(value.encoded() == headBytes, "a reset read two ways")
    }
    let old = number()
    let index = number()
    let fallbackSize = number()
    let hash = take(32)
    var proof: [[UInt8]] = []
    while !input.isEmpty { proof.append(take(32)) }
    let newSize = head?.size ?? fallbackSize
    let root = head?.root ?? hash
    let hasher = MerkleHasher.blake2b256
    if ProofVerifier.verifyConsistency(
        old: old, new: newSize, oldRoot: hash, newRoot: root, proof: proof, hasher: hasher)
    {
        precondition(
            MerkleMath.consistencyProofLength(from: old, to: newSize) == proof.count,
            "a consistency proof of another length verified")
    }
    if ProofVerifier.verifyInclusion(
        leafHash: hash, index: index, size: newSize, proof: proof, root: root, hasher: hasher)
    {
        precondition(
            MerkleMath.inclusionProofLength(index: index, size: newSize) == proof.count,
            "an inclusion proof of another length verified")
    }
    if let plan = try? MerkleProofs.consistencyPlan(from: old, to: newSize) {
        precondition(plan.count == MerkleMath.consistencyProofLength(from: old, to: newSize))
    }
    if let plan = try? MerkleProofs.inclusionPlan(index: index, size: newSize) {
        precondition(plan.count == MerkleMath.inclusionProofLength(index: index, size: newSize))
    }
    if let head {
        let anchor = TrustAnchor(workspaceId: head.workspaceId, ownerSignPK: hash)
        let certificate = LogKeyCertificate(
            workspaceId: head.workspaceId, serverPK: hash, created: 0, fromSize: 0)
        var held = head
        held.size = old
        held.root = hash
        _ = try? LogVerifier(anchor: anchor, certificates: [certificate])
            .step(held: held, served: head, consistency: proof)
    }
    return 0
}
