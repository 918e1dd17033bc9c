import CoachCrypto
import CoachKit

/// The signed head of one athlete's stored records: how many there are and a digest of all of
/// them, at the athlete's current key epoch, signed by a user holding that epoch.
///
/// Every write to an athlete's records signs a new head in the same transaction, so a record
/// added, changed or removed by someone who can only write the file — a revoked coach with an
/// old key, an insider deleting entries — no longer matches it, and a head signed by a user
/// without a grant at the current epoch does not verify. Checked on values, without keys.
public struct RecordHead: Equatable, Sendable {
    public var athleteId: String
    public var epoch: Int
    public var count: Int
    public var digest: [UInt8]
    public var signerId: String
    public var signature: [UInt8]

    /// A head with every signed field (unsigned unless `signature` is given).
    public init(
        athleteId: String, epoch: Int, count: Int, digest: [UInt8], signerId: String,
        signature: [UInt8] = []
    ) {
        self.athleteId = athleteId
        self.epoch = epoch
        self.count = count
        self.digest = digest
        self.signerId = signerId
        self.signature = signature
    }

    /// The signed message, bound to one workspace.
    public func message(workspaceId: String) -> [UInt8] {
        AssociatedData("coach/1/record-head").with(
            workspaceId, athleteId, epoch, count, digest, signerId
        ).bytes
    }

    /// Signs the head with `signer`'s key.
    public mutating func sign(by signer: SigningKeyPair, workspaceId: String) {
        signature = signer.sign(message(workspaceId: workspaceId))
    }

    /// The hash of one stored record row: every column that describes it and its sealed bytes.
    ///
    /// The bytes of `AssociatedData("coach/1/record-leaf").with(id, kind, day, epoch,
    /// version, nonce, ciphertext)`, written without the general builder's copies: every row
    /// of an athlete is hashed on each write and each full check (a test compares the two).
    public static func leaf(
        id: String, kind: String, day: String, epoch: Int, version: Int,
        nonce: some Collection<UInt8>, ciphertext: some Collection<UInt8>
    ) -> Leaf {
        var out: [UInt8] = []
        out.reserveCapacity(120 + id.utf8.count + day.utf8.count + ciphertext.count)
        func field<C: Collection<UInt8>>(_ bytes: C) {
            let n = UInt32(bytes.count)
            out += [UInt8(n >> 24), UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff)]
            out += bytes
        }
        func number(_ v: Int) { field(withUnsafeBytes(of: Int64(v).bigEndian) { [UInt8]($0) }) }
        field("coach/1/record-leaf".utf8)
        field(id.utf8); field(kind.utf8); field(day.utf8)
        number(epoch); number(version)
        field(nonce); field(ciphertext)
        return Leaf(Hashing.blake2b(out))
    }

    /// A 32-byte leaf hash held as four big-endian words, so that sorting many is cheap.
    public struct Leaf: Comparable, Hashable, Sendable {
        let words: (UInt64, UInt64, UInt64, UInt64)

        /// The leaf of a 32-byte hash.
        public init(_ hash: [UInt8]) {
            func word(_ i: Int) -> UInt64 {
                hash[i..<i + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            }
            words = (word(0), word(8), word(16), word(24))
        }

        /// The hash's bytes.
        public var bytes: [UInt8] {
            [words.0, words.1, words.2, words.3].flatMap { w in
                (0..<8).map { UInt8(truncatingIfNeeded: w >> (56 - 8 * $0)) }
            }
        }

        public static func < (a: Leaf, b: Leaf) -> Bool { a.words < b.words }
        public static func == (a: Leaf, b: Leaf) -> Bool { a.words == b.words }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(words.0); hasher.combine(words.1)
            hasher.combine(words.2); hasher.combine(words.3)
        }
    }

    /// The digest of an athlete's record set: the leaves in sorted order, so the order rows
    /// are read in does not matter.
    public static func digest(athleteId: String, leaves: [Leaf]) -> [UInt8] {
        var all = AssociatedData("coach/1/record-set").with(athleteId, leaves.count).bytes
        all.reserveCapacity(all.count + 32 * leaves.count)
        for leaf in leaves.sorted() {
            for w in [leaf.words.0, leaf.words.1, leaf.words.2, leaf.words.3] {
                withUnsafeBytes(of: w.bigEndian) { all += $0 }
            }
        }
        return Hashing.blake2b(all)
    }

    /// Checks that the head is signed by a user holding the athlete's current epoch, and is of
    /// that epoch.
    ///
    /// - Parameters:
    ///   - rows: the public membership rows.
    ///   - anchor: the workspace id and owner key the caller trusts.
    ///   - book: the certificates verified so far.
    /// - Throws: `TrustError.tampered` naming the athlete's records when it does not verify.
    public func verify(in rows: some PublicRows, anchor: TrustAnchor, book: CertificateBook)
        throws
    {
        let bad = TrustError.tampered("the signed head of this athlete's records")
        let verifier = MembershipVerifier(anchor: anchor, book: book)
        guard let newest = try verifier.epochs(in: rows, athleteId: athleteId).last,
            newest.epoch == epoch,
            try verifier.holders(in: rows, of: newest).contains(signerId)
        else { throw bad }
        let signer = try book.certificate(in: rows, userId: signerId, anchor: anchor)
        guard
            SigningKeyPair.verify(
                signature, of: message(workspaceId: anchor.workspaceId), publicKey: signer.signPK)
        else { throw bad }
    }
}
