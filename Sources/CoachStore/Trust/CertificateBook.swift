import CoachCrypto
import Foundation
import GRDB

/// Verifies user certificates against the trust anchor, each at most once per command.
///
/// Owns a cache shared by the connections of one workspace, hence a class; the cache is only
/// touched under `lock`, which is why the `@unchecked Sendable` is safe.
final class CertificateBook: @unchecked Sendable {
    private let lock = NSLock()
    private var verified: [String: UserCertificate] = [:]
    /// The lowest version of each user's certificate the acting user accepts (from their state).
    private var floors: [String: Int] = [:]

    /// Sets the versions below which a certificate is a rollback.
    func setFloors(_ versions: [String: Int]) {
        lock.withLock { floors = versions }
    }

    /// Forgets a certificate (after this command replaced it).
    func forget(_ userId: String) {
        lock.withLock { _ = verified.removeValue(forKey: userId) }
    }

    /// The verified certificate of `userId`.
    ///
    /// The owner's certificate is signed by the anchor key itself; any other is signed by the
    /// owner, or — for an athlete user's first version only — by the certified coach who
    /// created them.
    ///
    /// - Throws: `StoreError.tampered` when the certificate is missing, altered, signed by
    ///   someone not allowed to, older than one the user has seen, or claims ownership without
    ///   the anchor key.
    func certificate(_ db: Database, userId: String, anchor: TrustAnchor, depth: Int = 0)
        throws -> UserCertificate
    {
        if let hit = lock.withLock({ verified[userId] }) { return hit }
        let name = try String.fetchOne(
            db.cachedStatement(sql: "SELECT handle FROM users WHERE id = ?"), arguments: [userId])
        let bad = StoreError.tampered("the membership certificate of user '\(name ?? userId)'")
        guard depth < 3, let cert = try UserCertificate.fetch(db, userId: userId) else {
            throw bad
        }
        let signerPK: [UInt8]
        if let pending = cert.pendingPredecessor {
            // Made at enrolment: signed with the one-time key of the pending certificate it
            // replaced, which must itself verify (and be the version just before).
            let pendingKey = try signerKey(db, of: pending, anchor: anchor, depth: depth)
            guard cert.role != .owner, cert.signerId == cert.userId, !cert.pending,
                cert.version >= 2, let pendingKey,
                pending.signatureValid(signerPK: pendingKey, workspaceId: anchor.workspaceId)
            else { throw bad }
            signerPK = pending.signPK
        } else if let key = try signerKey(db, of: cert, anchor: anchor, depth: depth) {
            signerPK = key
        } else {
            throw bad
        }
        guard cert.signatureValid(signerPK: signerPK, workspaceId: anchor.workspaceId),
            cert.version >= lock.withLock({ floors[userId] ?? 1 })
        else { throw bad }
        lock.withLock { verified[userId] = cert }
        return cert
    }

    /// The key that must have signed `cert` (not made at enrolment), or nil when nobody
    /// allowed to could have: the anchor key for the owner's own, else the owner's, or for an
    /// athlete user's first (or first pending) version, the certified coach who created them.
    private func signerKey(
        _ db: Database, of cert: UserCertificate, anchor: TrustAnchor, depth: Int
    ) throws -> [UInt8]? {
        if cert.role == .owner || cert.signerId == cert.userId {
            guard cert.role == .owner, cert.signerId == cert.userId,
                cert.signPK == anchor.ownerSignPK, !cert.pending
            else { return nil }
            return anchor.ownerSignPK
        }
        let signer = try certificate(db, userId: cert.signerId, anchor: anchor, depth: depth + 1)
        let coachMade =
            signer.role == .coach && cert.role == .athlete && cert.version == 1
            && cert.createdBy == signer.userId
        return signer.role == .owner || coachMade ? signer.signPK : nil
    }

    /// The verified certificate of the workspace's owner (the user holding the anchor key).
    func owner(_ db: Database, anchor: TrustAnchor) throws -> UserCertificate {
        guard
            let id = try String.fetchOne(
                db, sql: "SELECT id FROM users WHERE sign_pk = ?",
                arguments: [Data(anchor.ownerSignPK)])
        else { throw StoreError.tampered("the membership certificate of the owner") }
        return try certificate(db, userId: id, anchor: anchor)
    }
}
