import CoachCrypto
import CoachKit
import CoachTrust

/// A device certificate on the roster (`DeviceCertificate`).
public struct RosterDevice: Codable, Equatable, Sendable {
    public var deviceId: DeviceID
    public var userId: UserID
    public var signPK: SyncBytes
    /// When the device was made, in Unix milliseconds.
    public var createdAt: Int64
    public var name: String
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case deviceId = "device_id"
        case userId = "user_id"
        case signPK = "sign_pk"
        case createdAt = "created_at"
        case name, signature
    }

    /// The entry of a device certificate.
    public init(_ c: DeviceCertificate) {
        deviceId = c.deviceId
        userId = c.userId
        signPK = SyncBytes(c.signPK)
        createdAt = c.createdAt
        name = c.name
        signature = SyncBytes(c.signature)
    }

    /// The certificate as the trust checks read it.
    public var certificate: DeviceCertificate {
        DeviceCertificate(
            deviceId: deviceId, userId: userId, signPK: signPK.bytes, createdAt: createdAt,
            name: name, signature: signature.bytes)
    }

    var fields: AssociatedData {
        AssociatedData("device").with(
            deviceId.rawValue, userId.rawValue, signPK.bytes, createdAt, name, signature.bytes)
    }
}

/// A device's revocation on the roster (`DeviceRevocation`), signed by the owner or the
/// device's user.
public struct RosterDeviceRevocation: Codable, Equatable, Sendable {
    public var deviceId: DeviceID
    public var revokedBy: UserID
    /// When it was revoked, in Unix milliseconds.
    public var revokedAt: Int64
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case deviceId = "device_id"
        case revokedBy = "revoked_by"
        case revokedAt = "revoked_at"
        case signature
    }

    /// The entry of a revocation.
    public init(_ r: DeviceRevocation) {
        deviceId = r.deviceId
        revokedBy = r.revokedBy
        revokedAt = r.revokedAt
        signature = SyncBytes(r.signature)
    }

    /// The revocation as the trust checks read it.
    public var revocation: DeviceRevocation {
        DeviceRevocation(
            deviceId: deviceId, revokedBy: revokedBy, revokedAt: revokedAt,
            signature: signature.bytes)
    }

    var fields: AssociatedData {
        AssociatedData("device-revocation").with(
            deviceId.rawValue, revokedBy.rawValue, revokedAt, signature.bytes)
    }
}
