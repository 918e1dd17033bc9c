import CoachCrypto
import CoachKit
import CoachTrust

/// The owner's signed statement that registers a workspace on a server: the workspace id, the
/// owner's user id and signing public key, and when.
///
/// The server keeps it as the workspace's trust anchor: every certificate it later accepts
/// chains to this key, so whoever can write the server's database cannot swap in an owner.
public struct WorkspaceRegistration: Codable, Equatable, Sendable {
    public var workspaceId: String
    public var ownerUserId: UserID
    public var ownerSignPK: SyncBytes
    /// When the owner signed it, in Unix milliseconds.
    public var createdAt: Int64
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case workspaceId = "workspace_id"
        case ownerUserId = "owner_user_id"
        case ownerSignPK = "owner_sign_pk"
        case createdAt = "created_at"
        case signature
    }

    /// A registration with every signed field (unsigned unless `signature` is given).
    public init(
        workspaceId: String, ownerUserId: UserID, ownerSignPK: [UInt8], createdAt: Int64,
        signature: [UInt8] = []
    ) {
        self.workspaceId = workspaceId
        self.ownerUserId = ownerUserId
        self.ownerSignPK = SyncBytes(ownerSignPK)
        self.createdAt = createdAt
        self.signature = SyncBytes(signature)
    }

    /// The signed bytes: a domain label, then every field.
    public var message: [UInt8] {
        AssociatedData("coach/1/sync-registration").with(
            workspaceId, ownerUserId.rawValue, ownerSignPK.bytes, createdAt
        ).bytes
    }

    /// The trust anchor the registration names.
    public var anchor: TrustAnchor {
        TrustAnchor(workspaceId: workspaceId, ownerSignPK: ownerSignPK.bytes)
    }

    /// Signs the registration with the owner's key.
    public mutating func sign(by owner: SigningKeyPair) {
        signature = SyncBytes(owner.sign(message))
    }

    /// Whether the signature is the named owner key's over this registration.
    public var signatureValid: Bool {
        ownerSignPK.bytes.count == SigningKeyPair.publicBytes
            && SigningKeyPair.verify(signature.bytes, of: message, publicKey: ownerSignPK.bytes)
    }
}

/// `POST /v1/workspaces`: the owner's registration and the workspace's first roster entries.
public struct RegistrationRequest: Codable, Equatable, Sendable {
    public var registration: WorkspaceRegistration
    /// The roster from its start: at least the owner's user entry.
    public var roster: [RosterEntry]

    /// A registration with its initial roster.
    public init(registration: WorkspaceRegistration, roster: [RosterEntry]) {
        self.registration = registration
        self.roster = roster
    }
}

/// The answer to a registration: the roster head the initial entries made.
public struct RegistrationResponse: Codable, Equatable, Sendable {
    public var workspaceId: String
    public var rosterHead: RosterHead

    enum CodingKeys: String, CodingKey {
        case workspaceId = "workspace_id"
        case rosterHead = "roster_head"
    }

    /// The registered workspace and its roster head.
    public init(workspaceId: String, rosterHead: RosterHead) {
        self.workspaceId = workspaceId
        self.rosterHead = rosterHead
    }
}
