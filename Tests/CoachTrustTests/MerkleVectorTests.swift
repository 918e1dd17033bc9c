import CoachCrypto
import CoachTrust
import Foundation
import Testing

/// The RFC 6962 / RFC 9162 test vectors of transparency-dev/merkle
/// (Tests/Fixtures/merkle-rfc6962, with its NOTICE) run through the log's Merkle core with
/// SHA-256: every happy path verifies and is the proof the core generates, and every published
/// mutation (wrong index or size, truncated or extended proof, flipped bits, wrong roots) is
/// refused.
@Suite struct MerkleVectorTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/merkle-rfc6962")

    /// An inclusion case as the upstream files hold it (hashes in base64).
    struct Inclusion: Decodable {
        var leafIdx: UInt64
        var treeSize: UInt64
        var root: String
        var leafHash: String
        var proof: [String]?
        var desc: String
        var wantErr: Bool
    }

    /// A consistency case as the upstream files hold it (hashes in base64).
    struct Consistency: Decodable {
        var size1: UInt64
        var size2: UInt64
        var root1: String
        var root2: String
        var proof: [String]?
        var desc: String
        var wantErr: Bool
    }

    /// The RFC 6962 reference tree: its eight leaf inputs and each prefix's root, in hex.
    struct ReferenceTree: Decodable {
        var leaves: [String]
        var roots: [String]
        var emptyRoot: String
    }

    /// The case files of `kind` (`inclusion` or `consistency`), by relative path.
    static func files(_ kind: String) -> [String] {
        let base = directory.appendingPathComponent(kind)
        let found = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String }
        return (found ?? []).filter { $0.hasSuffix(".json") }.sorted().map { "\(kind)/\($0)" }
    }

    static func load<T: Decodable>(_ type: T.Type, _ relative: String) throws -> T {
        let data = try Data(contentsOf: directory.appendingPathComponent(relative))
        return try JSONDecoder().decode(type, from: data)
    }

    static func bytes(_ base64: String) throws -> [UInt8] {
        Array(try #require(Data(base64Encoded: base64)))
    }

    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.utf8)
        return stride(from: 0, to: digits.count, by: 2).map {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) ?? 0
        }
    }

    /// The reference tree's eight leaves in a SHA-256 log.
    static func referenceLog() throws -> MerkleLog {
        var log = MerkleLog(hasher: .sha256)
        for leaf in try load(ReferenceTree.self, "reference-tree.json").leaves {
            try log.append(data: hex(leaf))
        }
        return log
    }

    @Test("The vectors are all there: 22 inclusion and 25 consistency cases, 10 happy paths")
    func inventory() throws {
        #expect(Self.files("inclusion").count == 22)
        #expect(Self.files("consistency").count == 25)
        let happy = (Self.files("inclusion") + Self.files("consistency"))
            .filter { $0.hasSuffix("/happy-path.json") }
        #expect(happy.count == 10)
    }

    @Test("The reference tree's root at every size, and the empty tree's, are the published ones")
    func referenceRoots() throws {
        let tree = try Self.load(ReferenceTree.self, "reference-tree.json")
        let log = try Self.referenceLog()
        var range = MerkleRange()
        #expect(range.root(hasher: .sha256) == Self.hex(tree.emptyRoot))
        for (size, leaf) in tree.leaves.enumerated() {
            try range.append(MerkleHasher.sha256.leaf(Self.hex(leaf)), hasher: .sha256)
            #expect(range.root(hasher: .sha256) == Self.hex(tree.roots[size]))
            #expect(try log.root(at: UInt64(size + 1)) == Self.hex(tree.roots[size]))
        }
    }

    @Test(
        "Each inclusion vector verifies or is refused as published", arguments: files("inclusion"))
    func inclusion(file: String) throws {
        let c = try Self.load(Inclusion.self, file)
        let proof = try (c.proof ?? []).map(Self.bytes)
        let verified = ProofVerifier.verifyInclusion(
            leafHash: try Self.bytes(c.leafHash), index: c.leafIdx, size: c.treeSize,
            proof: proof, root: try Self.bytes(c.root), hasher: .sha256)
        #expect(verified == !c.wantErr, "\(c.desc)")
        if !c.wantErr {
            let log = try Self.referenceLog()
            #expect(try log.inclusionProof(index: c.leafIdx, size: c.treeSize) == proof)
            #expect(try log.root(at: c.treeSize) == Self.bytes(c.root))
        }
    }

    @Test(
        "Each consistency vector verifies or is refused as published",
        arguments: files("consistency"))
    func consistency(file: String) throws {
        let c = try Self.load(Consistency.self, file)
        let proof = try (c.proof ?? []).map(Self.bytes)
        let verified = ProofVerifier.verifyConsistency(
            old: c.size1, new: c.size2, oldRoot: try Self.bytes(c.root1),
            newRoot: try Self.bytes(c.root2), proof: proof, hasher: .sha256)
        #expect(verified == !c.wantErr, "\(c.desc)")
        if !c.wantErr {
            let log = try Self.referenceLog()
            #expect(try log.consistencyProof(from: c.size1, to: c.size2) == proof)
        }
    }
}
