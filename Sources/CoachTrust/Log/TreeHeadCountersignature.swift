import CoachCrypto
import CoachKit

/// An owner checkpoint: the owner's signature over a whole `SignedTreeHead`, the server's
/// signature included.
///
/// A checkpoint pins a point of the log that every replica can hold the server to: a served
/// log that does not extend a countersigned head is a fork (`LogFailure.checkpointForked`).
/// Countersigning the server's signature too makes the checkpoint self-contained evidence of
/// what the server said. The byte form is strict and versioned.
public struct TreeHeadCountersignature: Equatable, Sendable {
    /// The version of the byte form this type writes and reads.
    public static let formatVersion = 1

    /// The tree head the owner countersigns, as the server signed it.
    public var head: SignedTreeHead
    /// The owner's signature.
    public var signature: [UInt8]

    /// A countersignature of `head` (unsigned unless `signature` is given).
    public init(head: SignedTreeHead, signature: [UInt8] = []) {
        self.head = head
        self.signature = signature
    }

    /// The bytes the owner signs: the head's whole byte form under a label of its own.
    public var message: [UInt8] {
        AssociatedData("coach/1/log-checkpoint").with(head.encoded()).bytes
    }

    /// Signs the checkpoint with the owner's key.
    public mutating func sign(by owner: SigningKeyPair) {
        signature = owner.sign(message)
    }

    /// Whether the head is of `anchor`'s workspace and the owner signed this checkpoint.
    ///
    /// The server's signature of the head is checked against its certificate
    /// (`LogKeyCertificate.certifies(_:)`).
    public func valid(anchor: TrustAnchor) -> Bool {
        head.workspaceId == anchor.workspaceId
            && SigningKeyPair.verify(signature, of: message, publicKey: anchor.ownerSignPK)
    }

    /// The canonical byte form: magic byte and version, the head's byte form (length-prefixed)
    /// and the owner's signature.
    public func encoded() -> [UInt8] {
        var writer = LogByteForm.writer(
            magic: LogByteForm.countersignatureMagic, version: Self.formatVersion)
        writer.field(head.encoded())
        writer.raw(signature)
        return writer.bytes
    }

    /// Reads the byte form `encoded()` writes, strictly, the inner head included (see
    /// `SignedTreeHead.decode(_:)`).
    ///
    /// - Parameter bytes: the checkpoint as received or stored.
    /// - Returns: the checkpoint; whether it is valid is a separate check.
    /// - Throws: `LogFailure.malformed` or `.unsupportedVersion`.
    public static func decode(_ bytes: [UInt8]) throws(LogFailure) -> TreeHeadCountersignature {
        let what = "an owner checkpoint"
        var reader = try LogByteForm.reader(
            bytes, magic: LogByteForm.countersignatureMagic, version: formatVersion, what: what)
        guard let inner = reader.field(),
            let signature = reader.raw(SigningKeyPair.signatureBytes), reader.atEnd
        else { throw .malformed(what) }
        return TreeHeadCountersignature(
            head: try SignedTreeHead.decode(inner), signature: signature)
    }
}
