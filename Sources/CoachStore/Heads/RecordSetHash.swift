import CoachCrypto
import CoachTrust

/// A keyed, incremental multiset hash of an athlete's record rows: the sum modulo 2^256 of a
/// keyed BLAKE2b of each row's leaf (`RecordHead.leaf`).
///
/// This is MSet-Add-Hash of Clarke, Devadas, van Dijk, Gassend and Suh ("Incremental Multiset
/// Hash Functions and Their Application to Memory Integrity Checking", ASIACRYPT 2003): with a
/// secret key it is multiset-collision resistant, and a write updates it with the rows it
/// changes alone (subtract the old row's element, add the new one's) instead of hashing every
/// row. The key is a subkey of the athlete's current epoch key, so only a holder of that epoch
/// can compute an element, or find rows whose elements cancel.
struct RecordSetHash: Equatable, Sendable {
    /// Four 64-bit limbs, least significant first.
    private(set) var limbs: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The hash of the empty set.
    init() {}

    /// The hash stored as `bytes` (32, little-endian), or nil for another length.
    init?(bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        limbs = (
            Self.limb(bytes, 0), Self.limb(bytes, 8), Self.limb(bytes, 16), Self.limb(bytes, 24)
        )
    }

    /// The 32 little-endian bytes that are stored and signed.
    var bytes: [UInt8] {
        [limbs.0, limbs.1, limbs.2, limbs.3].flatMap { w in
            (0..<8).map { UInt8(truncatingIfNeeded: w >> (8 * $0)) }
        }
    }

    /// The subkey of an epoch key that record-set elements are keyed under.
    static func key(epochKey: SecretKey) throws -> SecretKey {
        try Hashing.deriveSubkey(id: 1, context: "recset01", from: epochKey)
    }

    /// One row's element: its leaf hashed under `key`.
    static func element(_ leaf: RecordHead.Leaf, key: SecretKey) -> RecordSetHash {
        RecordSetHash(bytes: Hashing.keyedBlake2b(leaf.bytes, key: key))!
    }

    static func == (a: Self, b: Self) -> Bool { a.bytes == b.bytes }

    /// Adds an element (a row put in).
    mutating func add(_ e: RecordSetHash) {
        var carry: UInt64 = 0
        func step(_ x: UInt64, _ y: UInt64) -> UInt64 {
            let (s1, o1) = x.addingReportingOverflow(y)
            let (s2, o2) = s1.addingReportingOverflow(carry)
            carry = (o1 ? 1 : 0) + (o2 ? 1 : 0)
            return s2
        }
        limbs = (
            step(limbs.0, e.limbs.0), step(limbs.1, e.limbs.1), step(limbs.2, e.limbs.2),
            step(limbs.3, e.limbs.3)
        )
    }

    /// Subtracts an element (a row taken out): adds its negation modulo 2^256.
    mutating func subtract(_ e: RecordSetHash) {
        var negated = RecordSetHash()
        negated.limbs = (~e.limbs.0, ~e.limbs.1, ~e.limbs.2, ~e.limbs.3)
        negated.add(RecordSetHash(bytes: [1] + [UInt8](repeating: 0, count: 31))!)
        add(negated)
    }

    private static func limb(_ b: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(b[at + $1]) << (8 * $1) }
    }
}
