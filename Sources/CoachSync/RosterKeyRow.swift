import CoachCrypto
import CoachKit
import CoachTrust

/// A user's new sealed key row on the roster (a passphrase change): the row a new machine
/// opens with the new passphrase, signed by the user (`SealedKeyStatement`).
///
/// It follows the certificate version it names and carries a counter that grows with every
/// row of the user, so the server and every replica refuse an older row pushed or replayed
/// again (`RosterKeyLedger`).
public struct RosterKeyRow: Codable, Equatable, Sendable {
    public var userId: UserID
    /// The certificate version the row follows.
    public var version: Int
    /// Grows by one with every row of the user, whatever the version.
    public var counter: Int
    public var sealedKeys: SyncBytes
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case userId = "user_id"
        case version, counter
        case sealedKeys = "sealed_keys"
        case signature
    }

    /// A key row (unsigned unless `signature` is given).
    public init(
        userId: UserID, version: Int, counter: Int, sealedKeys: [UInt8], signature: [UInt8] = []
    ) {
        self.userId = userId
        self.version = version
        self.counter = counter
        self.sealedKeys = SyncBytes(sealedKeys)
        self.signature = SyncBytes(signature)
    }

    /// Signs the row with the user's own key.
    public mutating func sign(by user: SigningKeyPair, workspaceId: String) {
        signature = SyncBytes(
            user.sign(
                SealedKeyStatement.message(
                    workspaceId: workspaceId, userId: userId.rawValue, version: version,
                    counter: counter, sealedKeys: sealedKeys.bytes)))
    }

    /// Whether the row is signed by the user `certificate` certifies, at its version.
    public func verifies(under certificate: UserCertificate, workspaceId: String) -> Bool {
        certificate.userId == userId.rawValue
            && SealedKeyStatement.verify(
                signature.bytes, certificate: certificate, workspaceId: workspaceId,
                version: version, counter: counter, sealedKeys: sealedKeys.bytes)
    }

    var fields: AssociatedData {
        AssociatedData("key_row").with(
            userId.rawValue, version, counter, sealedKeys.bytes, signature.bytes)
    }
}
