import CoachCrypto
import CoachKit
import CoachTrust

/// An athlete epoch's inbox key on the roster (`InboxKeyStatement`), signed by the owner: at
/// most one per athlete and epoch.
public struct RosterInboxKey: Codable, Equatable, Sendable {
    public var athlete: AthleteID
    public var epoch: Int
    public var publicKey: SyncBytes
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case athlete, epoch
        case publicKey = "public_key"
        case signature
    }

    /// The entry of an inbox-key statement.
    public init(_ s: InboxKeyStatement) {
        athlete = s.athleteId
        epoch = s.epoch
        publicKey = SyncBytes(s.publicKey)
        signature = SyncBytes(s.signature)
    }

    /// The statement as the trust checks read it.
    public var statement: InboxKeyStatement {
        InboxKeyStatement(
            athleteId: athlete, epoch: epoch, publicKey: publicKey.bytes,
            signature: signature.bytes)
    }

    var fields: AssociatedData {
        AssociatedData("inbox-key").with(
            athlete.rawValue, epoch, publicKey.bytes, signature.bytes)
    }
}
