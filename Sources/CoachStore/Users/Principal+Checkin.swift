import CoachCrypto
import CoachKit
import CoachTrust

extension Principal {
    /// The SHA-256 of the owner's signing key this user trusts: the pin a check-in page's
    /// pairing link carries, so the page can check every bundle against it.
    public var ownerKeyDigest: [UInt8] { Hashing.sha256(anchor.ownerSignPK) }

    /// A check-in device certificate approved and signed by this user, for the workspace this
    /// user trusts.
    ///
    /// - Parameters:
    ///   - signPK: the phone's Ed25519 public key (its id is derived from it).
    ///   - athlete: the one athlete it may post check-ins for.
    ///   - name: the name the phone gave.
    ///   - createdAt: the approval's time, in Unix milliseconds.
    /// - Returns: the signed certificate.
    public func approveCheckinDevice(
        signPK: [UInt8], athlete: AthleteID, name: String, createdAt: Int64
    ) -> CheckinDeviceCertificate {
        var certificate = CheckinDeviceCertificate(
            deviceId: CheckinDeviceCertificate.deviceId(signPK: signPK), athleteId: athlete,
            approverId: userId, signPK: signPK, name: name, createdAt: createdAt)
        certificate.sign(by: signKeys, workspaceId: anchor.workspaceId)
        return certificate
    }
}
