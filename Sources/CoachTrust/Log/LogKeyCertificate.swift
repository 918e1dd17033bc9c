import CoachCrypto
import CoachKit

/// The owner's certificate of a club server's log key: in workspace `workspaceId`, tree heads
/// signed by `serverPK` count from log size `fromSize` on.
///
/// Clients accept a `SignedTreeHead` only under a key certified this way, so a server (or
/// someone who copied its database) cannot sign heads with a key of its own. A new key (lost or
/// rotated) needs a new certificate; `fromSize` keeps an old key from vouching for a log that
/// grew after the change. The byte form is strict and versioned.
public struct LogKeyCertificate: Equatable, Sendable {
    /// The version of the byte form this type writes and reads.
    public static let formatVersion = 1

    public var workspaceId: String
    /// The server's Ed25519 public key.
    public var serverPK: [UInt8]
    /// When the owner certified the key, in Unix milliseconds.
    public var created: Int64
    /// The smallest log size whose heads this key may sign.
    public var fromSize: UInt64
    /// The owner's signature.
    public var signature: [UInt8]

    /// A certificate with every signed field (unsigned unless `signature` is given).
    public init(
        workspaceId: String, serverPK: [UInt8], created: Int64, fromSize: UInt64,
        signature: [UInt8] = []
    ) {
        self.workspaceId = workspaceId
        self.serverPK = serverPK
        self.created = created
        self.fromSize = fromSize
        self.signature = signature
    }

    /// The id tree heads name their key by: BLAKE2b-256 of the public key.
    public static func keyId(of serverPK: [UInt8]) -> [UInt8] { Hashing.blake2b(serverPK) }

    /// The id of the certified key.
    public var keyId: [UInt8] { Self.keyId(of: serverPK) }

    /// The 16-hex-digit fingerprint of the key, for people to compare.
    public var fingerprint: String { LogByteForm.fingerprint(keyId) }

    /// The 16-hex-digit fingerprint of `serverPK` (of its key id), before any certificate.
    public static func fingerprint(of serverPK: [UInt8]) -> String {
        LogByteForm.fingerprint(keyId(of: serverPK))
    }

    /// The bytes the owner signs.
    public var message: [UInt8] {
        AssociatedData("coach/1/log-key").with(
            workspaceId, serverPK, keyId, created, Int64(bitPattern: fromSize)
        ).bytes
    }

    /// Signs the certificate with the owner's key.
    public mutating func sign(by owner: SigningKeyPair) {
        signature = owner.sign(message)
    }

    /// Whether the certificate is for `anchor`'s workspace and signed by its owner.
    public func valid(anchor: TrustAnchor) -> Bool {
        workspaceId == anchor.workspaceId
            && SigningKeyPair.verify(signature, of: message, publicKey: anchor.ownerSignPK)
    }

    /// Whether this key may sign `head`: it names this key, is of this workspace and of a size
    /// the certificate covers, and the signature is the key's.
    public func certifies(_ head: SignedTreeHead) -> Bool {
        head.keyId == keyId && head.workspaceId == workspaceId && head.size >= fromSize
            && head.signatureValid(serverPK: serverPK)
    }

    /// The canonical byte form: magic byte and version, the workspace id, the public key, the
    /// creation time, the first size and the owner's signature.
    public func encoded() -> [UInt8] {
        var writer = LogByteForm.writer(
            magic: LogByteForm.keyCertificateMagic, version: Self.formatVersion)
        writer.id(workspaceId)
        writer.raw(serverPK)
        LogByteForm.write(time: created, to: &writer)
        writer.varint(fromSize)
        writer.raw(signature)
        return writer.bytes
    }

    /// Reads the byte form `encoded()` writes, strictly (see `SignedTreeHead.decode(_:)`).
    ///
    /// - Parameter bytes: the certificate as received or stored.
    /// - Returns: the certificate; whether it is valid is a separate check.
    /// - Throws: `LogFailure.malformed` or `.unsupportedVersion`.
    public static func decode(_ bytes: [UInt8]) throws(LogFailure) -> LogKeyCertificate {
        let what = "a log key certificate"
        var reader = try LogByteForm.reader(
            bytes, magic: LogByteForm.keyCertificateMagic, version: formatVersion, what: what)
        guard let workspace = reader.id(), !workspace.isEmpty,
            let serverPK = reader.raw(SigningKeyPair.publicBytes),
            let created = LogByteForm.time(&reader), let fromSize = reader.varint(),
            let signature = reader.raw(SigningKeyPair.signatureBytes), reader.atEnd
        else { throw .malformed(what) }
        return LogKeyCertificate(
            workspaceId: workspace, serverPK: serverPK, created: created, fromSize: fromSize,
            signature: signature)
    }
}
