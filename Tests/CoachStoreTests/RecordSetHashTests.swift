import CoachCrypto
import CoachTrust
import Testing

@testable import CoachStore

/// The keyed multiset hash of an athlete's record rows: order-free, incremental (adding and
/// taking out are inverse), sensitive to every row and to the key.
@Suite struct RecordSetHashTests {
    static func leaf(_ n: Int) -> RecordHead.Leaf {
        RecordHead.leaf(
            id: "rec-\(n)", kind: "wellness", day: "2026-11-2\(n % 10)", epoch: 1, version: 1,
            nonce: [UInt8](repeating: UInt8(n), count: 24), ciphertext: Array("body \(n)".utf8))
    }

    static func hash(_ leaves: [RecordHead.Leaf], key: SecretKey) -> RecordSetHash {
        var h = RecordSetHash()
        for leaf in leaves { h.add(RecordSetHash.element(leaf, key: key)) }
        return h
    }

    @Test("Order does not matter; a row added, removed or repeated changes the hash")
    func multiset() throws {
        let key = try RecordSetHash.key(epochKey: SecretKey.random())
        let leaves = (1...6).map(Self.leaf)
        let all = Self.hash(leaves, key: key)
        #expect(Self.hash(leaves.reversed(), key: key) == all)
        #expect(Self.hash(Array(leaves.dropLast()), key: key) != all)
        #expect(Self.hash(leaves + [leaves[0]], key: key) != all)
        #expect(Self.hash(leaves, key: try RecordSetHash.key(epochKey: SecretKey.random())) != all)
    }

    @Test("Taking a row out undoes adding it; replacing a row equals hashing the new set")
    func incremental() throws {
        let key = try RecordSetHash.key(epochKey: SecretKey.random())
        let leaves = (1...5).map(Self.leaf)
        var running = Self.hash(leaves, key: key)
        running.subtract(RecordSetHash.element(leaves[2], key: key))
        running.add(RecordSetHash.element(Self.leaf(9), key: key))
        var replaced = leaves
        replaced[2] = Self.leaf(9)
        #expect(running == Self.hash(replaced, key: key))
        running.subtract(RecordSetHash.element(Self.leaf(9), key: key))
        running.add(RecordSetHash.element(leaves[2], key: key))
        #expect(running == Self.hash(leaves, key: key))
        #expect(RecordSetHash(bytes: running.bytes) == running)
        #expect(RecordSetHash(bytes: [1, 2, 3]) == nil)
    }

    /// Carries across all four limbs: (2^256 - 1) + 1 wraps to zero and back.
    @Test("Sums wrap modulo 2^256 with carries through every limb")
    func carries() throws {
        let top = try #require(RecordSetHash(bytes: [UInt8](repeating: 0xff, count: 32)))
        let one = try #require(RecordSetHash(bytes: [1] + [UInt8](repeating: 0, count: 31)))
        var sum = top
        sum.add(one)
        #expect(sum == RecordSetHash())
        sum.subtract(one)
        #expect(sum == top)
    }
}
