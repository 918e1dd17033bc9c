import CoachCrypto
import CoachKit

/// The owner's statement of an athlete epoch's inbox key: the X25519 public key check-in
/// devices seal that epoch's check-ins to.
///
/// Signed by the owner alone, so a check-in page holding nothing but the owner key's
/// fingerprint can check it. A roster holds at most one per athlete and epoch.
public struct InboxKeyStatement: Equatable, Sendable {
    public var athleteId: AthleteID
    public var epoch: Int
    /// The X25519 public key (32 bytes).
    public var publicKey: [UInt8]
    public var signature: [UInt8]

    /// The length of an inbox public key.
    public static let publicKeyBytes = 32

    /// A statement with every signed field (unsigned unless `signature` is given).
    public init(athleteId: AthleteID, epoch: Int, publicKey: [UInt8], signature: [UInt8] = []) {
        self.athleteId = athleteId
        self.epoch = epoch
        self.publicKey = publicKey
        self.signature = signature
    }

    /// The signed message, bound to one workspace.
    public func message(workspaceId: String) -> [UInt8] {
        AssociatedData("coach/1/inbox-key").with(
            workspaceId, athleteId.rawValue, epoch, publicKey
        ).bytes
    }

    /// Signs the statement with the owner's key.
    public mutating func sign(by owner: SigningKeyPair, workspaceId: String) {
        signature = owner.sign(message(workspaceId: workspaceId))
    }

    /// Whether the statement is well formed and signed by the owner `anchor` names.
    public func verifies(anchor: TrustAnchor) -> Bool {
        epoch >= 1 && publicKey.count == Self.publicKeyBytes
            && SigningKeyPair.verify(
                signature, of: message(workspaceId: anchor.workspaceId),
                publicKey: anchor.ownerSignPK)
    }
}
