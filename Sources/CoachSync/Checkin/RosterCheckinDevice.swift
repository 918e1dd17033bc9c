import CoachCrypto
import CoachKit
import CoachTrust

/// A check-in device on the roster (`CheckinDeviceCertificate`): a phone that may post sealed
/// check-ins for one athlete and do nothing else.
public struct RosterCheckinDevice: Codable, Equatable, Sendable {
    public var device: DeviceID
    public var athlete: AthleteID
    public var approver: UserID
    public var signPK: SyncBytes
    public var name: String
    /// When it was approved, in Unix milliseconds.
    public var createdAt: Int64
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case device, athlete, approver
        case signPK = "sign_pk"
        case name
        case createdAt = "created_at"
        case signature
    }

    /// The entry of a check-in device certificate.
    public init(_ c: CheckinDeviceCertificate) {
        device = c.deviceId
        athlete = c.athleteId
        approver = c.approverId
        signPK = SyncBytes(c.signPK)
        name = c.name
        createdAt = c.createdAt
        signature = SyncBytes(c.signature)
    }

    /// The certificate as the trust checks read it.
    public var certificate: CheckinDeviceCertificate {
        CheckinDeviceCertificate(
            deviceId: device, athleteId: athlete, approverId: approver, signPK: signPK.bytes,
            name: name, createdAt: createdAt, signature: signature.bytes)
    }

    var fields: AssociatedData {
        AssociatedData("checkin-device").with(
            device.rawValue, athlete.rawValue, approver.rawValue, signPK.bytes, name, createdAt,
            signature.bytes)
    }
}
