import CoachCrypto
import CoachKit
import CoachTrust

/// A user on the roster: their signed membership certificate and their sealed key row.
///
/// A later entry for the same user (a higher certificate version) replaces the earlier one:
/// a disable, a reset or an enrolment. The sealed key row is opaque to the server (the keys
/// sealed under the user's passphrase, as the workspace file holds them): a new machine fetches
/// it and opens it with the passphrase.
public struct RosterUser: Codable, Equatable, Sendable {
    public var userId: UserID
    public var handle: String
    public var role: Role
    public var athleteId: AthleteID?
    public var boxPK: SyncBytes
    public var signPK: SyncBytes
    /// "active", "disabled" or "pending", as the certificate signs it.
    public var status: String
    public var kdfFloorOps: Int64
    public var kdfFloorMem: Int64
    public var version: Int
    public var createdBy: UserID
    public var signerId: UserID
    public var signature: SyncBytes
    /// For an enrolment certificate: the pending certificate's keys, signer and signature.
    public var enrolledFrom: Pending?
    public var sealedKeys: SyncBytes

    /// The keys, signer and signature of the pending certificate an enrolment replaced.
    public struct Pending: Codable, Equatable, Sendable {
        public var boxPK: SyncBytes
        public var signPK: SyncBytes
        public var signerId: UserID
        public var signature: SyncBytes

        enum CodingKeys: String, CodingKey {
            case boxPK = "box_pk"
            case signPK = "sign_pk"
            case signerId = "signer_id"
            case signature
        }
    }

    enum CodingKeys: String, CodingKey {
        case userId = "user_id"
        case handle, role
        case athleteId = "athlete_id"
        case boxPK = "box_pk"
        case signPK = "sign_pk"
        case status
        case kdfFloorOps = "kdf_floor_ops"
        case kdfFloorMem = "kdf_floor_mem"
        case version
        case createdBy = "created_by"
        case signerId = "signer_id"
        case signature
        case enrolledFrom = "enrolled_from"
        case sealedKeys = "sealed_keys"
    }

    /// The entry of `certificate` with the user's sealed key row.
    public init(certificate c: UserCertificate, sealedKeys: [UInt8]) {
        userId = UserID(c.userId)
        handle = c.handle
        role = c.role
        athleteId = c.athleteId.map(AthleteID.init)
        boxPK = SyncBytes(c.boxPK)
        signPK = SyncBytes(c.signPK)
        status = c.status
        kdfFloorOps = c.kdfFloorOps
        kdfFloorMem = c.kdfFloorMem
        version = c.version
        createdBy = UserID(c.createdBy)
        signerId = UserID(c.signerId)
        signature = SyncBytes(c.signature)
        enrolledFrom = c.enrolledFrom.map {
            Pending(
                boxPK: SyncBytes($0.boxPK), signPK: SyncBytes($0.signPK),
                signerId: UserID($0.signerId), signature: SyncBytes($0.signature))
        }
        self.sealedKeys = SyncBytes(sealedKeys)
    }

    /// The certificate as the trust checks read it; nil when the status is none of the three.
    public var certificate: UserCertificate? {
        guard ["active", "disabled", "pending"].contains(status) else { return nil }
        return UserCertificate(
            userId: userId.rawValue, handle: handle, role: role, athleteId: athleteId?.rawValue,
            boxPK: boxPK.bytes, signPK: signPK.bytes, disabled: status == "disabled",
            kdfFloorOps: kdfFloorOps, kdfFloorMem: kdfFloorMem, version: version,
            createdBy: createdBy.rawValue, signerId: signerId.rawValue,
            signature: signature.bytes, pending: status == "pending",
            enrolledFrom: enrolledFrom.map {
                UserCertificate.Pending(
                    boxPK: $0.boxPK.bytes, signPK: $0.signPK.bytes,
                    signerId: $0.signerId.rawValue, signature: $0.signature.bytes)
            })
    }

    var fields: AssociatedData {
        AssociatedData("user").with(
            userId.rawValue, handle, role.rawValue, athleteId?.rawValue ?? "", boxPK.bytes,
            signPK.bytes, status, kdfFloorOps, kdfFloorMem, version, createdBy.rawValue,
            signerId.rawValue, signature.bytes, enrolledFrom?.boxPK.bytes ?? [],
            enrolledFrom?.signPK.bytes ?? [], enrolledFrom?.signerId.rawValue ?? "",
            enrolledFrom?.signature.bytes ?? [], sealedKeys.bytes)
    }
}
