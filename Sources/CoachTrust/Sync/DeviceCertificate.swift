import CoachCrypto
import CoachKit

/// One machine of one user, signed: the device's id, its Ed25519 public key, whose device it
/// is, when it was made and a name to recognise it by.
///
/// The device's user signs it with their own signing key, and the user's certificate chains to
/// the owner (`CertificateBook`), so a party holding no keys checks a device with public data
/// alone (`DeviceVerifier`). Every change the device makes is signed with the device key.
public struct DeviceCertificate: Equatable, Sendable {
    public var deviceId: DeviceID
    public var userId: UserID
    public var signPK: [UInt8]
    /// When the device was made, in Unix milliseconds.
    public var createdAt: Int64
    /// A name to recognise the machine by (its host name), not secret.
    public var name: String
    public var signature: [UInt8]

    /// A certificate with every signed field (unsigned unless `signature` is given).
    public init(
        deviceId: DeviceID, userId: UserID, signPK: [UInt8], createdAt: Int64, name: String,
        signature: [UInt8] = []
    ) {
        self.deviceId = deviceId
        self.userId = userId
        self.signPK = signPK
        self.createdAt = createdAt
        self.name = name
        self.signature = signature
    }

    /// The signed message, bound to one workspace.
    public func message(workspaceId: String) -> [UInt8] {
        AssociatedData("coach/1/device-cert").with(
            workspaceId, deviceId.rawValue, userId.rawValue, signPK, createdAt, name
        ).bytes
    }

    /// Signs the certificate with its user's key.
    public mutating func sign(by user: SigningKeyPair, workspaceId: String) {
        signature = user.sign(message(workspaceId: workspaceId))
    }

    /// Whether the signature is `userPK`'s over this certificate.
    public func signatureValid(userPK: [UInt8], workspaceId: String) -> Bool {
        SigningKeyPair.verify(signature, of: message(workspaceId: workspaceId), publicKey: userPK)
    }
}
