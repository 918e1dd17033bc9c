import CoachCrypto
import Foundation
import GRDB

/// Checks membership and key history from public rows alone: no secret key is needed, only
/// the trust anchor (workspace id and owner key), so a party holding no keys can run it.
///
/// - user certificates: see `CertificateBook`;
/// - an athlete's epochs run 1, 2, … n without a gap, each certificate chained to the previous
///   commitment and to the previous key as wrapped, epoch 1 signed by certified staff and every
///   rotation by the owner;
/// - a grant at epoch e counts only when signed by the epoch's signer or by a staff user
///   whose own grant at e counts (grants are followed outward from the signer).
struct MembershipVerifier {
    let anchor: TrustAnchor
    let book: CertificateBook

    /// The athlete's epoch certificates, oldest first, each verified.
    ///
    /// - Throws: `StoreError.tampered` naming what failed.
    func epochs(_ db: Database, athleteId: String) throws -> [EpochCertificate] {
        let bad = StoreError.tampered("the key history of this athlete")
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT epoch, commitment, prev_nonce, prev_wrapped, signer_id, signature
                    FROM epochs WHERE athlete_id = ? ORDER BY epoch
                    """), arguments: [athleteId])
        var chain: [EpochCertificate] = []
        for (index, row) in rows.enumerated() {
            let epoch: Int = row["epoch"]
            let nonce = (row["prev_nonce"] as Data?).map { [UInt8]($0) }
            let wrapped = (row["prev_wrapped"] as Data?).map { [UInt8]($0) }
            guard epoch == index + 1, (epoch == 1) == (nonce == nil && wrapped == nil),
                let signerId = row["signer_id"] as String?,
                let signature = row["signature"] as Data?
            else { throw bad }
            let cert = EpochCertificate(
                athleteId: athleteId, epoch: epoch,
                commitment: [UInt8](row["commitment"] as Data),
                previousCommitment: chain.last?.commitment ?? [],
                wrappedHash: EpochCertificate.wrappedHash(nonce: nonce, wrapped: wrapped),
                signerId: signerId, signature: [UInt8](signature))
            let signer = try book.certificate(db, userId: signerId, anchor: anchor)
            let allowed = epoch == 1 ? signer.role != .athlete : signer.role == .owner
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

    /// The users whose grant of `epoch` counts, followed outward from the epoch's signer.
    ///
    /// - Parameter strict: throw on any grant of the epoch that does not verify (a full check
    ///   reports every failure); otherwise such a grant simply does not count, so one user's
    ///   tampered grant does not lock the others out (theirs is reported when they open it).
    /// - Throws: `StoreError.tampered` for a grant that does not verify, when `strict`.
    func holders(_ db: Database, of cert: EpochCertificate, strict: Bool = false) throws
        -> Set<String>
    {
        let grants = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT user_id, granted_by, sealed, signature FROM grants
                    WHERE athlete_id = ? AND epoch = ?
                    """), arguments: [cert.athleteId, cert.epoch])
        var holders: Set<String> = [cert.signerId]
        var pending = grants
        var progress = true
        while progress && !pending.isEmpty {
            progress = false
            pending = try pending.filter { g in
                let granter: String = g["granted_by"]
                guard holders.contains(granter) else { return true }
                let signer = try book.certificate(db, userId: granter, anchor: anchor)
                let message = KeyCommitment.grantSignatureMessage(
                    athleteId: cert.athleteId, epoch: cert.epoch, userId: g["user_id"],
                    sealed: [UInt8](g["sealed"] as Data), commitment: cert.commitment)
                guard signer.role != .athlete,
                    SigningKeyPair.verify(
                        [UInt8](g["signature"] as Data), of: message, publicKey: signer.signPK)
                else {
                    if strict { throw StoreError.tampered("the access grant of this athlete") }
                    return false
                }
                _ = try book.certificate(db, userId: g["user_id"], anchor: anchor)
                holders.insert(g["user_id"])
                progress = true
                return false
            }
        }
        if strict && !pending.isEmpty {
            throw StoreError.tampered("the access grant of this athlete")
        }
        return holders
    }

    /// Verifies every certificate, every athlete's key history and every grant of the newest
    /// epochs; returns how many users and athletes were checked.
    func verifyAll(_ db: Database) throws -> (users: Int, athletes: Int) {
        let users = try String.fetchAll(db, sql: "SELECT id FROM users")
        for id in users { _ = try book.certificate(db, userId: id, anchor: anchor) }
        _ = try book.owner(db, anchor: anchor)
        let athletes = try String.fetchAll(db, sql: "SELECT id FROM athletes")
        for id in athletes {
            let chain = try epochs(db, athleteId: id)
            if let newest = chain.last { _ = try holders(db, of: newest, strict: true) }
        }
        return (users.count, athletes.count)
    }
}
