import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import Testing

/// The signed head of an athlete's records, on values: its leaf and digest, and who may sign it.
@Suite struct RecordHeadTests {
    static let rows: [(String, String, String, Int, Int)] = [
        ("c0cec750-577a-4c5e-b540-87922a7509fa", "wellness", "2026-11-25", 1, 1),
        ("profile", "profile", "", 2, 7),
        ("i0123456789abcdef01234567", "workout", "2026-01-31", 3, 2),
    ]

    @Test(
        "A leaf is BLAKE2b of the row's fields as length-prefixed associated data", arguments: rows)
    func leaf(row: (String, String, String, Int, Int)) {
        let nonce = [UInt8](repeating: 5, count: 24), ciphertext = Array("sealed".utf8)
        let expected = Hashing.blake2b(
            AssociatedData("coach/1/record-leaf").with(
                row.0, row.1, row.2, row.3, row.4, nonce, ciphertext
            ).bytes)
        let leaf = RecordHead.leaf(
            id: row.0, kind: row.1, day: row.2, epoch: row.3, version: row.4, nonce: nonce,
            ciphertext: ciphertext)
        #expect(leaf.bytes == expected)
    }

    @Test("The digest depends on the set of leaves, not their order, and on every leaf")
    func digest() {
        let leaves = (0..<5).map { RecordHead.Leaf(Hashing.blake2b([UInt8($0)])) }
        let digest = RecordHead.digest(athleteId: "a-jane", leaves: leaves)
        #expect(RecordHead.digest(athleteId: "a-jane", leaves: leaves.reversed()) == digest)
        #expect(RecordHead.digest(athleteId: "a-jane", leaves: Array(leaves.dropLast())) != digest)
        #expect(RecordHead.digest(athleteId: "a-jane", leaves: leaves + [leaves[0]]) != digest)
        #expect(RecordHead.digest(athleteId: "a-bert", leaves: leaves) != digest)
    }

    static func head(_ roster: TrustRoster, epoch: Int = 2, signer: String = "u-carl")
        -> RecordHead
    {
        var head = RecordHead(
            athleteId: "a-jane", epoch: epoch, count: 3, digest: Hashing.blake2b([1]),
            signerId: signer)
        head.sign(by: signer == "u-jane" ? roster.athleteUser : roster.coach, workspaceId: "ws-1")
        return head
    }

    @Test("A head of the current epoch signed by a holder of it verifies")
    func honest() throws {
        let roster = try TrustRoster()
        for signer in ["u-carl", "u-jane"] {
            try Self.head(roster, signer: signer).verify(
                in: roster.rows, anchor: roster.anchor, book: CertificateBook())
        }
    }

    static let forgeries: [(String, @Sendable (TrustRoster) -> RecordHead)] = [
        ("a head of the retired epoch", { head($0, epoch: 1) }),
        (
            "the count changed after signing",
            {
                var h = head($0)
                h.count = 4
                return h
            }
        ),
        (
            "the digest changed after signing",
            {
                var h = head($0)
                h.digest = Hashing.blake2b([2])
                return h
            }
        ),
        (
            "claimed by the athlete user, signed by the coach",
            {
                var h = head($0)
                h.signerId = "u-jane"
                return h
            }
        ),
    ]

    @Test(
        "A head not of the current epoch, altered, or not its signer's is refused",
        arguments: forgeries.indices)
    func forged(index: Int) throws {
        let roster = try TrustRoster()
        let head = Self.forgeries[index].1(roster)
        #expect(throws: TrustError.self, "\(Self.forgeries[index].0)") {
            try head.verify(in: roster.rows, anchor: roster.anchor, book: CertificateBook())
        }
    }

    @Test("A head signed by a certified user who holds no grant of the epoch is refused")
    func noGrant() throws {
        var roster = try TrustRoster()
        // carl loses his grant of epoch 2: he is certified, but no longer holds the athlete.
        roster.rows.grantRows["a-jane"]?[2]?.removeAll { $0.userId == "u-carl" }
        #expect(throws: TrustError.self) {
            try Self.head(roster).verify(
                in: roster.rows, anchor: roster.anchor, book: CertificateBook())
        }
    }
}
