import CoachCrypto
import CoachKit

/// Checks device certificates and their revocations on public values, with no key: the device
/// certificate must be signed by its user, whose certificate chains to the owner.
public struct DeviceVerifier: Sendable {
    /// The workspace id and owner key the caller trusts.
    public let anchor: TrustAnchor
    /// The user certificates, each checked at most once per command.
    public let book: CertificateBook

    /// A verifier of the devices of the workspace `anchor` names.
    public init(anchor: TrustAnchor, book: CertificateBook = CertificateBook()) {
        self.anchor = anchor
        self.book = book
    }

    /// A device certificate that verified, with its user's and its revocation if any.
    public struct Verified: Equatable, Sendable {
        public let certificate: DeviceCertificate
        public let user: UserCertificate
        public let revocation: DeviceRevocation?

        /// Whether the device may still sign: not revoked, and its user active.
        public var isActive: Bool { revocation == nil && !user.disabled && !user.pending }
    }

    /// Verifies a device certificate and, when there is one, its revocation.
    ///
    /// The certificate must be signed by its user's current key; or, once a passphrase reset
    /// has replaced that key (or while the user waits to enrol again), be revoked by the
    /// owner, whose revocation signs every field of it.
    ///
    /// - Parameters:
    ///   - certificate: the device certificate as stored or received.
    ///   - revocation: the revocation stored with it, if any.
    ///   - rows: where the user certificates are read from.
    /// - Returns: the device with its verified user certificate.
    /// - Throws: `TrustError.tampered` when the user's certificate does not verify, the device
    ///   certificate is neither signed by its user's current key nor revoked by the owner, or
    ///   the revocation is for another device, altered, or signed by someone other than the
    ///   owner or the device's user.
    public func verify(
        _ certificate: DeviceCertificate, revocation: DeviceRevocation?, in rows: some PublicRows
    ) throws -> Verified {
        let bad = TrustError.tampered(
            "the device certificate of device '\(certificate.name)' (\(certificate.deviceId))")
        let user = try book.certificate(
            in: rows, userId: certificate.userId.rawValue, anchor: anchor)
        guard certificate.signPK.count == SigningKeyPair.publicBytes else { throw bad }
        let signedByUser =
            !user.pending
            && certificate.signatureValid(userPK: user.signPK, workspaceId: anchor.workspaceId)
        guard let revocation else {
            guard signedByUser else { throw bad }
            return Verified(certificate: certificate, user: user, revocation: nil)
        }
        let signer = try book.certificate(
            in: rows, userId: revocation.revokedBy.rawValue, anchor: anchor)
        let message = revocation.message(
            workspaceId: anchor.workspaceId, certificate: certificate)
        guard revocation.deviceId == certificate.deviceId,
            signer.role == .owner || (signedByUser && signer.userId == user.userId),
            SigningKeyPair.verify(revocation.signature, of: message, publicKey: signer.signPK)
        else {
            throw signedByUser
                ? TrustError.tampered(
                    "the revocation of device '\(certificate.name)' (\(certificate.deviceId))")
                : bad
        }
        return Verified(certificate: certificate, user: user, revocation: revocation)
    }
}
