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
