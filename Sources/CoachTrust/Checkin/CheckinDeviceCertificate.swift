import CoachCrypto
import CoachKit

/// A write-only check-in device (a phone's web page), signed by the user who approved it: its
/// id, its Ed25519 public key, the one athlete it may post check-ins for, who approved it, when
/// and a name to recognise it by.
///
/// Never a `DeviceCertificate`: a check-in device signs nothing but check-in items and never
/// signs in. Its id is derived from its key (`deviceId(signPK:)`), so an id names one key.
/// `CheckinDeviceVerifier` checks who may approve one.
public struct CheckinDeviceCertificate: Equatable, Sendable {
    public var deviceId: DeviceID
    public var athleteId: AthleteID
    public var approverId: UserID
    public var signPK: [UInt8]
    /// A name to recognise the phone by, not secret.
    public var name: String
    /// When it was approved, in Unix milliseconds.
    public var createdAt: Int64
    public var signature: [UInt8]

    /// A certificate with every signed field (unsigned unless `signature` is given).
    public init(
        deviceId: DeviceID, athleteId: AthleteID, approverId: UserID, signPK: [UInt8],
        name: String, createdAt: Int64, signature: [UInt8] = []
    ) {
        self.deviceId = deviceId
        self.athleteId = athleteId
        self.approverId = approverId
        self.signPK = signPK
        self.name = name
        self.createdAt = createdAt
        self.signature = signature
    }

    /// The id of the check-in device holding `signPK`: the lowercase hex of the first 16 bytes
    /// of its SHA-256.
    public static func deviceId(signPK: [UInt8]) -> DeviceID {
        DeviceID(Hashing.hex(Array(Hashing.sha256(signPK).prefix(16))))
    }

    /// The signed message, bound to one workspace.
    public func message(workspaceId: String) -> [UInt8] {
        AssociatedData("coach/1/checkin-device-cert").with(
            workspaceId, deviceId.rawValue, athleteId.rawValue, approverId.rawValue, signPK,
            name, createdAt
        ).bytes
    }

    /// Signs the certificate with the approver's key.
    public mutating func sign(by approver: SigningKeyPair, workspaceId: String) {
        signature = approver.sign(message(workspaceId: workspaceId))
    }

    /// Whether the signature is `approverPK`'s over this certificate.
    public func signatureValid(approverPK: [UInt8], workspaceId: String) -> Bool {
        SigningKeyPair.verify(
            signature, of: message(workspaceId: workspaceId), publicKey: approverPK)
    }
}
