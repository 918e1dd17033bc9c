import CoachCrypto

/// `GET /v1/server`, no session: the key the server signs its tree heads with, for an owner
/// to certify and a client to check heads against.
public struct ServerKeyInfo: Codable, Equatable, Sendable {
    /// The Ed25519 public key.
    public var logKey: SyncBytes
    /// BLAKE2b-256 of `logKey`: how a tree head names the key that signed it.
    public var keyId: SyncBytes

    enum CodingKeys: String, CodingKey {
        case logKey = "log_key"
        case keyId = "key_id"
    }

    /// The server's public key and its id.
    public init(logKey: [UInt8], keyId: [UInt8]) {
        self.logKey = SyncBytes(logKey)
        self.keyId = SyncBytes(keyId)
    }
}

/// A tree head the server signed: the size and root of a workspace's log at a time, and the
/// key that signed it. (A minimal form until CoachTrust's `SignedTreeHead` replaces it; the
/// signed bytes are the same.)
public struct ServerTreeHead: Codable, Equatable, Sendable {
    public var workspace: String
    public var keyId: SyncBytes
    public var size: Int64
    public var root: SyncBytes
    /// When it was signed, in Unix milliseconds.
    public var time: Int64
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case workspace
        case keyId = "key_id"
        case size, root, time, signature
    }

    /// A signed head.
    public init(
        workspace: String, keyId: [UInt8], size: Int64, root: [UInt8], time: Int64,
        signature: [UInt8]
    ) {
        self.workspace = workspace
        self.keyId = SyncBytes(keyId)
        self.size = size
        self.root = SyncBytes(root)
        self.time = time
        self.signature = SyncBytes(signature)
    }

    /// The bytes the server signs: `AssociatedData("coach/1/tree-head")` with the workspace,
    /// key id, size, root and time.
    public static func message(
        workspace: String, keyId: [UInt8], size: Int64, root: [UInt8], time: Int64
    ) -> [UInt8] {
        AssociatedData("coach/1/tree-head").with(workspace, keyId, size, root, time).bytes
    }

    /// The bytes this head's signature covers.
    public var message: [UInt8] {
        Self.message(
            workspace: workspace, keyId: keyId.bytes, size: size, root: root.bytes, time: time)
    }

    /// Whether `publicKey` is the key this head names and signed it.
    public func isSigned(by publicKey: [UInt8]) -> Bool {
        keyId.bytes == Hashing.blake2b(publicKey)
            && SigningKeyPair.verify(signature.bytes, of: message, publicKey: publicKey)
    }
}
