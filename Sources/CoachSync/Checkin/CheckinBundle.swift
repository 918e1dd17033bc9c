import CoachKit

/// `GET /v1/ws/{ws}/checkin/{device}`: what a check-in page needs before every seal, all of
/// it checkable against the owner key it pinned — the owner's key, the device's athlete and
/// its current epoch, that epoch's owner-signed inbox key, and whether the device is revoked.
public struct CheckinBundle: Codable, Equatable, Sendable {
    /// An inbox key with the owner's signature (`InboxKeyStatement`).
    public struct InboxKey: Codable, Equatable, Sendable {
        public var publicKey: SyncBytes
        public var signature: SyncBytes

        enum CodingKeys: String, CodingKey {
            case publicKey = "public_key"
            case signature
        }

        /// An inbox key and its signature.
        public init(publicKey: [UInt8], signature: [UInt8]) {
            self.publicKey = SyncBytes(publicKey)
            self.signature = SyncBytes(signature)
        }
    }

    public var workspace: String
    public var ownerSignPK: SyncBytes
    public var athlete: AthleteID
    /// The athlete's handle, when the server knows it (it holds only a keyed hash: absent).
    public var handle: String?
    public var epoch: Int
    public var inboxKey: InboxKey
    public var revoked: Bool

    enum CodingKeys: String, CodingKey {
        case workspace
        case ownerSignPK = "owner_sign_pk"
        case athlete, handle, epoch
        case inboxKey = "inbox_key"
        case revoked
    }

    /// A bundle.
    public init(
        workspace: String, ownerSignPK: [UInt8], athlete: AthleteID, handle: String? = nil,
        epoch: Int, inboxKey: InboxKey, revoked: Bool
    ) {
        self.workspace = workspace
        self.ownerSignPK = SyncBytes(ownerSignPK)
        self.athlete = athlete
        self.handle = handle
        self.epoch = epoch
        self.inboxKey = inboxKey
        self.revoked = revoked
    }
}
