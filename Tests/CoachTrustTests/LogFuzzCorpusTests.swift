import CoachCrypto
import CoachTrust
import Foundation
import Testing

/// The committed libFuzzer corpora of the log-proof and envelope targets
/// (Benchmarks/Fuzz/{log-proof,envelope}.swift, Tests/Fixtures/fuzz/) run through the same
/// decoders and verifiers in the normal test suite, without libFuzzer: none traps, every value
/// read is its own canonical byte form, a proof that verifies has the length index arithmetic
/// gives, and the valid seeds still verify.
@Suite struct LogFuzzCorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz")

    static func files(_ target: String) -> [String] {
        let names = try? FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent(target).path)
        return (names ?? []).filter { !$0.hasPrefix(".") }.sorted().map { "\(target)/\($0)" }
    }

    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(relative)))
    }

    /// What the log-proof target found in one input.
    struct Outcome {
        var headRead = false
        var consistent = false
        var included = false
    }

    /// The log-proof target's steps on `input` (see Benchmarks/Fuzz/log-proof.swift for the
    /// layout), with its checks as expectations.
    static func exercise(_ input: [UInt8]) -> Outcome {
        var rest = input[...]
        func take(_ count: Int) -> [UInt8] {
            defer { rest = rest.dropFirst(count) }
            return Array(rest.prefix(count))
        }
        func number() -> UInt64 { take(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        let headBytes = take(take(2).reduce(0) { $0 << 8 | Int($1) })
        let head = try? SignedTreeHead.decode(headBytes)
        #expect(head.map { $0.encoded() == headBytes } ?? true)
        #expect(
            (try? LogKeyCertificate.decode(headBytes)).map { $0.encoded() == headBytes } ?? true)
        #expect(
            (try? TreeHeadCountersignature.decode(headBytes)).map { $0.encoded() == headBytes }
                ?? true)
        #expect(
            (try? LogResetStatement.decode(headBytes)).map { $0.encoded() == headBytes } ?? true)
        let (old, index, fallback) = (number(), number(), number())
        let hash = take(32)
        var proof: [[UInt8]] = []
        while !rest.isEmpty { proof.append(take(32)) }
        let size = head?.size ?? fallback
        let root = head?.root ?? hash
        var outcome = Outcome(headRead: head != nil)
        outcome.consistent = ProofVerifier.verifyConsistency(
            old: old, new: size, oldRoot: hash, newRoot: root, proof: proof, hasher: .blake2b256)
        if outcome.consistent {
            #expect(MerkleMath.consistencyProofLength(from: old, to: size) == proof.count)
        }
        outcome.included = ProofVerifier.verifyInclusion(
            leafHash: hash, index: index, size: size, proof: proof, root: root,
            hasher: .blake2b256)
        if outcome.included {
            #expect(MerkleMath.inclusionProofLength(index: index, size: size) == proof.count)
        }
        if let plan = try? MerkleProofs.consistencyPlan(from: old, to: size) {
            #expect(plan.count == MerkleMath.consistencyProofLength(from: old, to: size))
        }
        if let plan = try? MerkleProofs.inclusionPlan(index: index, size: size) {
            #expect(plan.count == MerkleMath.inclusionProofLength(index: index, size: size))
        }
        return outcome
    }

    @Test("The corpora hold the seeds and what fuzzing added")
    func inventory() {
        #expect(Self.files("log-proof").filter { $0.contains("/valid-") }.count == 9)
        #expect(Self.files("envelope").contains("envelope/valid-compact.bin"))
        #expect(Self.files("envelope").contains("envelope/valid-seen-shape.bin"))
    }

    @Test(
        "Every log-proof corpus input decodes and verifies without a trap",
        arguments: files("log-proof"))
    func logProof(file: String) throws {
        let outcome = Self.exercise(try Self.bytes(file))
        if file.contains("/valid-consistency-") {
            #expect(outcome.headRead && outcome.consistent)
        }
        if file.contains("/valid-inclusion-") { #expect(outcome.headRead && outcome.included) }
    }

    @Test(
        "Every envelope corpus input is refused or reads back to itself",
        arguments: files("envelope"))
    func envelope(file: String) throws {
        let input = try Self.bytes(file)
        if file.hasSuffix("/valid-seen-shape.bin") {
            let seen = LogPosition(size: 1_250, root: [UInt8](repeating: 0xAB, count: 32))
            #expect(try ChangeEnvelope.decode(input).seen == seen)
        }
        if file.contains("/valid-") {
            #expect(throws: Never.self) { try ChangeEnvelope.decode(input) }
        }
        guard let envelope = try? ChangeEnvelope.decode(input) else { return }
        #expect(try ChangeEnvelope.decode(envelope.encoded()) == envelope)
        if input.first == 0xCE { #expect(envelope.encoded() == input) }
    }
}
