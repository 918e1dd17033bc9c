import CoachCrypto
import CoachKit

/// The signed statement that a device may sign nothing more: which device, who revoked it and
/// when, bound to the device certificate it ends.
///
/// The owner or the device's own user signs it (`DeviceVerifier` checks which). It binds every
/// field of the certificate, so an owner's revocation also vouches for a certificate its
/// user's key no longer verifies (after a passphrase reset replaced that key).
public struct DeviceRevocation: Equatable, Sendable {
    public var deviceId: DeviceID
    public var revokedBy: UserID
    /// When it was revoked, in Unix milliseconds.
    public var revokedAt: Int64
    public var signature: [UInt8]

    /// A revocation with every signed field (unsigned unless `signature` is given).
    public init(deviceId: DeviceID, revokedBy: UserID, revokedAt: Int64, signature: [UInt8] = []) {
        self.deviceId = deviceId
        self.revokedBy = revokedBy
        self.revokedAt = revokedAt
        self.signature = signature
    }

    /// The signed message: bound to one workspace and to every signed field and the signature
    /// of the certificate it revokes, so it cannot be moved to another device or certificate.
    public func message(workspaceId: String, certificate: DeviceCertificate) -> [UInt8] {
        AssociatedData("coach/1/device-revoke").with(
            workspaceId, deviceId.rawValue, certificate.message(workspaceId: workspaceId),
            certificate.signature, revokedBy.rawValue, revokedAt
        ).bytes
    }

    /// Signs the revocation with the revoking user's key.
    public mutating func sign(
        by signer: SigningKeyPair, workspaceId: String, certificate: DeviceCertificate
    ) {
        signature = signer.sign(message(workspaceId: workspaceId, certificate: certificate))
    }
}
