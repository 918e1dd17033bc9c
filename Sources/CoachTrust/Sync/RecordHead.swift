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
    public static func leaf(
        id: String, kind: String, day: String, epoch: Int, version: Int, nonce: [UInt8],
        ciphertext: [UInt8]
    ) -> [UInt8] {
        Hashing.blake2b(
            AssociatedData("coach/1/record-leaf").with(
                id, kind, day, epoch, version, nonce, ciphertext
            ).bytes)
    }

    /// The digest of an athlete's record set: the leaves in sorted order, so the order rows
    /// are read in does not matter.
    public static func digest(athleteId: String, leaves: [[UInt8]]) -> [UInt8] {
        var all = AssociatedData("coach/1/record-set").with(athleteId, leaves.count).bytes
        for leaf in leaves.sorted(by: { $0.lexicographicallyPrecedes($1) }) { all += leaf }
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
