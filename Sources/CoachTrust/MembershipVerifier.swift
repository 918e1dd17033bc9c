import CoachCrypto
import CoachKit

/// Checks membership and key history from public rows alone: no secret key is needed, only
/// the trust anchor (workspace id and owner key), so a party holding no keys can run it.
///
/// - user certificates: see `CertificateBook`;
/// - an athlete's epochs run 1, 2, … n without a gap, each certificate chained to the previous
///   commitment and to the previous key as wrapped, epoch 1 signed by certified staff and every
///   rotation by the owner;
/// - a grant at epoch e counts only when signed by the epoch's signer or by a staff user
///   whose own grant at e counts (grants are followed outward from the signer), and a grant
///   to an athlete user only for their own athlete;
/// - the owner holds a grant of every athlete's newest epoch (see `access(in:athleteId:)`).
public struct MembershipVerifier: Sendable {
    /// The workspace id and owner key the checks trust.
    public let anchor: TrustAnchor
    /// The certificates verified so far (shared with the caller's other checks).
    public let book: CertificateBook

    /// A verifier trusting `anchor`, caching certificates in `book`.
    public init(anchor: TrustAnchor, book: CertificateBook = CertificateBook()) {
        self.anchor = anchor
        self.book = book
    }

    /// The athlete's epoch certificates, oldest first, each verified.
    ///
    /// - Throws: `TrustError.tampered` naming what failed.
    public func epochs(in rows: some PublicRows, athleteId: String) throws
        -> [EpochCertificate]
    {
        let bad = TrustError.tampered("the key history of this athlete")
        var chain: [EpochCertificate] = []
        for (index, row) in try rows.epochs(ofAthlete: athleteId).enumerated() {
            let nonce = row.previousNonce, wrapped = row.previousWrapped
            guard row.epoch == index + 1, (row.epoch == 1) == (nonce == nil && wrapped == nil),
                let signerId = row.signerId, let signature = row.signature
            else { throw bad }
            let cert = EpochCertificate(
                athleteId: athleteId, epoch: row.epoch, commitment: row.commitment,
                previousCommitment: chain.last?.commitment ?? [],
                wrappedHash: EpochCertificate.wrappedHash(nonce: nonce, wrapped: wrapped),
                signerId: signerId, signature: signature)
            let signer = try book.certificate(in: rows, userId: signerId, anchor: anchor)
            let allowed = row.epoch == 1 ? signer.role != .athlete : signer.role == .owner
            guard allowed,
                SigningKeyPair.verify(
                    cert.signature, of: cert.message(workspaceId: anchor.workspaceId),
                    publicKey: signer.signPK)
            else { throw bad }
            chain.append(cert)
        }
        guard !chain.isEmpty else { throw bad }
        return chain
    }

    /// The users whose grant of `cert`'s epoch counts, followed outward from its signer.
    ///
    /// - Parameter strict: throw on any grant of the epoch that does not verify (a full check
    ///   reports every failure); otherwise such a grant simply does not count, so one user's
    ///   tampered grant does not lock the others out (theirs is reported when they open it).
    /// - Throws: `TrustError.tampered` for a grant that does not verify, when `strict`.
    public func holders(in rows: some PublicRows, of cert: EpochCertificate, strict: Bool = false)
        throws -> Set<String>
    {
        try counted(in: rows, of: cert, strict: strict).holders
    }

    /// The grants of `cert`'s epoch that count, followed outward from its signer: a grant
    /// counts when a staff user who already holds the epoch signed it and its holder's
    /// certificate verifies; an athlete user's grant counts only for their own athlete.
    ///
    /// - Returns: every holder (the epoch's signer included) and the certificates of the users
    ///   holding a grant that counts.
    /// - Throws: `TrustError.tampered` for a grant that does not count, when `strict`.
    func counted(in rows: some PublicRows, of cert: EpochCertificate, strict: Bool) throws
        -> (holders: Set<String>, granted: [String: UserCertificate])
    {
        let bad = TrustError.accessGrant
        var holders: Set<String> = [cert.signerId]
        var granted: [String: UserCertificate] = [:]
        var pending = try rows.grants(ofAthlete: cert.athleteId, epoch: cert.epoch)
        var progress = true
        while progress && !pending.isEmpty {
            progress = false
            pending = try pending.filter { g in
                guard holders.contains(g.grantedBy) else { return true }
                let signer = try book.certificate(in: rows, userId: g.grantedBy, anchor: anchor)
                let message = GrantStatement.message(
                    athleteId: cert.athleteId, epoch: cert.epoch, userId: g.userId,
                    sealed: g.sealed, commitment: cert.commitment)
                let holder = try book.certificate(in: rows, userId: g.userId, anchor: anchor)
                guard signer.role != .athlete,
                    SigningKeyPair.verify(g.signature, of: message, publicKey: signer.signPK),
                    holder.role != .athlete || holder.athleteId == cert.athleteId
                else {
                    if strict { throw bad }
                    return false
                }
                holders.insert(g.userId)
                granted[g.userId] = holder
                progress = true
                return false
            }
        }
        if strict && !pending.isEmpty { throw bad }
        return (holders, granted)
    }

    /// Verifies every certificate, every athlete's key history, every grant of every epoch,
    /// and that the owner holds every athlete's newest epoch.
    ///
    /// - Returns: how many users and athletes were checked.
    /// - Throws: `TrustError.tampered` naming the first thing that fails.
    public func verifyAll(_ rows: some PublicRows) throws -> (users: Int, athletes: Int) {
        let users = try rows.userIds()
        for id in users { _ = try book.certificate(in: rows, userId: id, anchor: anchor) }
        _ = try book.owner(in: rows, anchor: anchor)
        let athletes = try rows.athleteIds()
        for id in athletes {
            // Rotations delete the grants of older epochs; one left there must still verify.
            for cert in try access(in: rows, athleteId: id).history.dropLast() {
                _ = try counted(in: rows, of: cert, strict: true)
            }
        }
        return (users.count, athletes.count)
    }
}
