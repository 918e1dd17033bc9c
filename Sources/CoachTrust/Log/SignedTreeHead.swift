import CoachCrypto
import CoachKit

/// A club server's signed statement of its log: in workspace `workspaceId`, the log of `size`
/// entries has the Merkle root `root`, at `time`.
///
/// Signed with the server's Ed25519 log key, which the owner certifies
/// (`LogKeyCertificate`, whose key id `keyId` names). Clients keep the last head they verified
/// and accept a new one only when a consistency proof shows it extends that one
/// (`LogVerifier`). The byte form (`encoded()`, `decode(_:)`) is strict and versioned.
public struct SignedTreeHead: Equatable, Sendable {
    /// The version of the byte form this type writes and reads.
    public static let formatVersion = 1

    public var workspaceId: String
    /// The id of the log key that signed the head (`LogKeyCertificate.keyId(of:)`).
    public var keyId: [UInt8]
    /// The number of entries in the log.
    public var size: UInt64
    /// The log's Merkle tree hash (RFC 9162 §2.1.1) over its `size` entries.
    public var root: [UInt8]
    /// When the server signed the head, in Unix milliseconds.
    public var time: Int64
    public var signature: [UInt8]

    /// A tree head with every signed field (unsigned unless `signature` is given).
    public init(
        workspaceId: String, keyId: [UInt8], size: UInt64, root: [UInt8], time: Int64,
        signature: [UInt8] = []
    ) {
        self.workspaceId = workspaceId
        self.keyId = keyId
        self.size = size
        self.root = root
        self.time = time
        self.signature = signature
    }

    /// The bytes the server signs.
    public var message: [UInt8] {
        AssociatedData("coach/1/tree-head").with(
            workspaceId, keyId, Int64(bitPattern: size), root, time
        ).bytes
    }

    /// Signs the head with the server's log key.
    public mutating func sign(by key: SigningKeyPair) {
        signature = key.sign(message)
    }

    /// Whether the signature is `serverPK`'s over this head.
    public func signatureValid(serverPK: [UInt8]) -> Bool {
        SigningKeyPair.verify(signature, of: message, publicKey: serverPK)
    }

    /// The canonical byte form: magic byte and version, the workspace id, the key id, the size,
    /// the root, the time and the signature.
    public func encoded() -> [UInt8] {
        var writer = LogByteForm.writer(
            magic: LogByteForm.treeHeadMagic, version: Self.formatVersion)
        writer.id(workspaceId)
        writer.raw(keyId)
        writer.varint(size)
        writer.raw(root)
        LogByteForm.write(time: time, to: &writer)
        writer.raw(signature)
        return writer.bytes
    }

    /// Reads the byte form `encoded()` writes, strictly: another magic byte or version, a field
    /// cut short or not in its shortest form, or bytes after the signature are refused. Whether
    /// the signature verifies is a separate check.
    ///
    /// - Parameter bytes: the head as received or stored.
    /// - Returns: the tree head.
    /// - Throws: `LogFailure.malformed` or `.unsupportedVersion`.
    public static func decode(_ bytes: [UInt8]) throws(LogFailure) -> SignedTreeHead {
        var reader = try LogByteForm.reader(
            bytes, magic: LogByteForm.treeHeadMagic, version: formatVersion,
            what: "a signed tree head")
        guard let head = read(&reader), reader.atEnd else {
            throw .malformed("a signed tree head")
        }
        return head
    }

    /// The fields after the version, or nil when one is missing or damaged.
    private static func read(_ reader: inout CompactReader) -> SignedTreeHead? {
        guard let workspace = reader.id(), !workspace.isEmpty,
            let keyId = reader.raw(LogByteForm.hashBytes),
            let size = reader.varint(), let root = reader.raw(LogByteForm.hashBytes),
            let time = LogByteForm.time(&reader),
            let signature = reader.raw(SigningKeyPair.signatureBytes)
        else { return nil }
        return SignedTreeHead(
            workspaceId: workspace, keyId: keyId, size: size, root: root, time: time,
            signature: signature)
    }
}
