import CoachCrypto
import Foundation

/// What every user's process trusts without reading it from the file: the workspace id and the
/// owner's Ed25519 public key.
///
/// Pinned inside each user's sealed state and each session, so someone who can write the file
/// cannot swap in an owner of their own: certificates are checked against this key only.
struct TrustAnchor: Codable, Equatable, Sendable {
    let workspaceId: String
    let ownerSignPK: [UInt8]

    /// The bytes appended to a session's sealed keys.
    var sealedBytes: [UInt8] { ownerSignPK + Array(workspaceId.utf8) }

    /// Reads the anchor back from `sealedBytes`; nil when the length is wrong.
    init?(sealedBytes bytes: ArraySlice<UInt8>) {
        guard bytes.count > SigningKeyPair.publicBytes else { return nil }
        ownerSignPK = Array(bytes.prefix(SigningKeyPair.publicBytes))
        workspaceId = String(decoding: bytes.dropFirst(SigningKeyPair.publicBytes), as: UTF8.self)
    }

    init(workspaceId: String, ownerSignPK: [UInt8]) {
        self.workspaceId = workspaceId
        self.ownerSignPK = ownerSignPK
    }
}
