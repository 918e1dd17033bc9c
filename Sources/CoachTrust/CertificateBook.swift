import CoachKit

/// Verifies user certificates against the trust anchor, each at most once per command.
///
/// Owns a cache shared by the threads of one command, hence a class around a checked lock box.
public final class CertificateBook: Sendable {
    private struct Cache {
        var verified: [String: UserCertificate] = [:]
        /// The lowest version of each user's certificate the acting user accepts.
        var floors: [String: Int] = [:]
    }

    private let cache = LockedValue(Cache())

    /// An empty book.
    public init() {}

    /// Sets the versions below which a certificate is a rollback (from the user's own state).
    public func setFloors(_ versions: [String: Int]) {
        cache.withLock { $0.floors = versions }
    }

    /// Forgets a certificate (after the caller replaced it).
    public func forget(_ userId: String) {
        cache.withLock { _ = $0.verified.removeValue(forKey: userId) }
    }

    /// The verified certificate of `userId`.
    ///
    /// The owner's certificate is signed by the anchor key itself; any other is signed by the
    /// owner, or — for an athlete user's first version only — by the certified coach who
    /// created them. A certificate made at enrolment is signed with the one-time key of the
    /// pending certificate it replaced, which must itself verify.
    ///
    /// - Parameters:
    ///   - rows: where the certificates are read from.
    ///   - userId: whose certificate.
    ///   - anchor: the workspace id and owner key the caller trusts.
    /// - Returns: the certificate, verified.
    /// - Throws: `TrustError.tampered` when the certificate is missing, altered, signed by
    ///   someone not allowed to, older than one the user has seen, or claims ownership without
    ///   the anchor key.
    public func certificate(in rows: some PublicRows, userId: String, anchor: TrustAnchor)
        throws -> UserCertificate
    {
        try certificate(in: rows, userId: userId, anchor: anchor, depth: 0)
    }

    private func certificate(
        in rows: some PublicRows, userId: String, anchor: TrustAnchor, depth: Int
    ) throws -> UserCertificate {
        if let hit = cache.withLock({ $0.verified[userId] }) { return hit }
        let name = try rows.handle(ofUser: userId)
        let bad = TrustError.tampered("the membership certificate of user '\(name ?? userId)'")
        guard depth < 3, let cert = try rows.certificate(ofUser: userId) else { throw bad }
        let signerPK: [UInt8]
        if let pending = cert.pendingPredecessor {
            let pendingKey = try signerKey(in: rows, of: pending, anchor: anchor, depth: depth)
            guard cert.role != .owner, cert.signerId == cert.userId, !cert.pending,
                cert.version >= 2, let pendingKey,
                pending.signatureValid(signerPK: pendingKey, workspaceId: anchor.workspaceId)
            else { throw bad }
            signerPK = pending.signPK
        } else if let key = try signerKey(in: rows, of: cert, anchor: anchor, depth: depth) {
            signerPK = key
        } else {
            throw bad
        }
        guard cert.signatureValid(signerPK: signerPK, workspaceId: anchor.workspaceId),
            cert.version >= cache.withLock({ $0.floors[userId] ?? 1 })
        else { throw bad }
        cache.withLock { $0.verified[userId] = cert }
        return cert
    }

    /// The key that must have signed `cert` (not made at enrolment), or nil when nobody
    /// allowed to could have: the anchor key for the owner's own, else the owner's, or for an
    /// athlete user's first (or first pending) version, the certified coach who created them.
    private func signerKey(
        in rows: some PublicRows, of cert: UserCertificate, anchor: TrustAnchor, depth: Int
    ) throws -> [UInt8]? {
        if cert.role == .owner || cert.signerId == cert.userId {
            guard cert.role == .owner, cert.signerId == cert.userId,
                cert.signPK == anchor.ownerSignPK, !cert.pending
            else { return nil }
            return anchor.ownerSignPK
        }
        let signer = try certificate(
            in: rows, userId: cert.signerId, anchor: anchor, depth: depth + 1)
        let coachMade =
            signer.role == .coach && cert.role == .athlete && cert.version == 1
            && cert.createdBy == signer.userId
        return signer.role == .owner || coachMade ? signer.signPK : nil
    }

    /// The verified certificate of the workspace's owner (the user holding the anchor key).
    ///
    /// - Throws: `TrustError.tampered` when no user holds the anchor key or their certificate
    ///   does not verify.
    public func owner(in rows: some PublicRows, anchor: TrustAnchor) throws -> UserCertificate {
        guard let id = try rows.user(withSigningKey: anchor.ownerSignPK) else {
            throw TrustError.tampered("the membership certificate of the owner")
        }
        return try certificate(in: rows, userId: id, anchor: anchor)
    }
}
