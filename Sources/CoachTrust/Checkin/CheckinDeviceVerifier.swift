import CoachCrypto
import CoachKit

/// Checks check-in device certificates and their revocations on public values, with no key.
///
/// Two questions, kept apart. *Tampering* (`verify` throws): the certificate must be signed by
/// its approver, whose certificate chains to the owner, and the approver must be the owner, a
/// coach, or the athlete user of that athlete; a revocation must be signed by the owner, the
/// approver, the athlete's user or a coach. *Standing* (`qualifies`): whether the approver
/// may still vouch for the device now (the owner, the athlete's own user, or staff holding a
/// grant of the athlete's newest epoch, none of them disabled). A device whose approver lost
/// the athlete stops posting without making the roster unverifiable.
public struct CheckinDeviceVerifier: Sendable {
    /// The workspace id and owner key the caller trusts.
    public let anchor: TrustAnchor
    /// The user certificates, each checked at most once per command.
    public let book: CertificateBook

    /// A verifier of the check-in devices of the workspace `anchor` names.
    public init(anchor: TrustAnchor, book: CertificateBook = CertificateBook()) {
        self.anchor = anchor
        self.book = book
    }

    /// A check-in device that verified, with its approver's certificate and its revocation.
    public struct Verified: Equatable, Sendable {
        public let certificate: CheckinDeviceCertificate
        public let approver: UserCertificate
        public let revocation: DeviceRevocation?
    }

    /// Verifies a check-in device certificate and, when there is one, its revocation.
    ///
    /// - Parameters:
    ///   - certificate: the certificate as stored or received.
    ///   - revocation: the revocation stored with it, if any.
    ///   - rows: where the user certificates are read from.
    /// - Returns: the device with its approver's verified certificate.
    /// - Throws: `TrustError.tampered` when the key or id is malformed, the approver's
    ///   certificate does not verify or may never approve, the signature is not the
    ///   approver's, or the revocation is altered or signed by someone who may not revoke it.
    public func verify(
        _ certificate: CheckinDeviceCertificate, revocation: DeviceRevocation?,
        in rows: some PublicRows
    ) throws -> Verified {
        let bad = TrustError.tampered(
            "the check-in device '\(certificate.name)' (\(certificate.deviceId))")
        guard certificate.signPK.count == SigningKeyPair.publicBytes,
            certificate.deviceId == CheckinDeviceCertificate.deviceId(signPK: certificate.signPK)
        else { throw bad }
        let approver = try book.certificate(
            in: rows, userId: certificate.approverId.rawValue, anchor: anchor)
        guard !approver.pending, Self.mayAct(approver, for: certificate.athleteId),
            certificate.signatureValid(approverPK: approver.signPK, workspaceId: ws)
        else { throw bad }
        guard let revocation else {
            return Verified(certificate: certificate, approver: approver, revocation: nil)
        }
        let signer = try book.certificate(
            in: rows, userId: revocation.revokedBy.rawValue, anchor: anchor)
        let message = revocation.message(workspaceId: ws, checkin: certificate)
        guard revocation.deviceId == certificate.deviceId, !signer.pending,
            Self.mayAct(signer, for: certificate.athleteId)
                || signer.userId == approver.userId,
            SigningKeyPair.verify(revocation.signature, of: message, publicKey: signer.signPK)
        else {
            throw TrustError.tampered(
                "the revocation of check-in device '\(certificate.name)' "
                    + "(\(certificate.deviceId))")
        }
        return Verified(certificate: certificate, approver: approver, revocation: revocation)
    }

    /// Whether `user` may vouch for a check-in device of `athlete` now: active, and the owner,
    /// the athlete's own user, or staff holding a grant of its newest epoch (`access`).
    public static func qualifies(
        _ user: UserCertificate, athlete: AthleteID, access: VerifiedAccess?
    ) -> Bool {
        guard !user.disabled, !user.pending, let access else { return false }
        switch user.role {
        case .owner: return true
        case .athlete: return user.athleteId == athlete.rawValue
        case .coach: return access.holds(user.userId)
        }
    }

    /// Whether a user of this role may ever approve or revoke a device of `athlete`.
    static func mayAct(_ user: UserCertificate, for athlete: AthleteID) -> Bool {
        user.role != .athlete || user.athleteId == athlete.rawValue
    }

    private var ws: String { anchor.workspaceId }
}
