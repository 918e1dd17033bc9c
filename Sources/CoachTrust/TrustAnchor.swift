import CoachCrypto

/// What every user's process trusts without reading it from the file: the workspace id and the
/// owner's Ed25519 public key.
///
/// Pinned inside each user's sealed state and each session (and given to a server from outside
/// the data it stores), so someone who can write the rows cannot swap in an owner of their own:
/// certificates are checked against this key only.
public struct TrustAnchor: Codable, Equatable, Sendable {
    /// The workspace's id.
    public let workspaceId: String
    /// The owner's Ed25519 public key.
    public let ownerSignPK: [UInt8]

    /// The bytes appended to a session's sealed keys.
    public var sealedBytes: [UInt8] { ownerSignPK + Array(workspaceId.utf8) }

    /// Reads the anchor back from `sealedBytes`; nil when the length is wrong.
    public init?(sealedBytes bytes: ArraySlice<UInt8>) {
        guard bytes.count > SigningKeyPair.publicBytes else { return nil }
        ownerSignPK = Array(bytes.prefix(SigningKeyPair.publicBytes))
        workspaceId = String(decoding: bytes.dropFirst(SigningKeyPair.publicBytes), as: UTF8.self)
    }

    /// The anchor of the workspace `workspaceId` owned by the holder of `ownerSignPK`.
    public init(workspaceId: String, ownerSignPK: [UInt8]) {
        self.workspaceId = workspaceId
        self.ownerSignPK = ownerSignPK
    }
}
