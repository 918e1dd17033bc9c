import CoachCrypto
import CoachKit
import CoachSync

/// A sync server's session kept between commands, so that a sync signs in (two round trips and
/// a signature) only when the kept one has expired or was refused.
///
/// The file holds the token sealed (XChaCha20-Poly1305) under a key derived from the device's
/// secret key, bound to the server, the workspace and the device: the file alone is useless,
/// and a file moved to another device, workspace or server does not open.
struct KeptSyncSession: Codable, Equatable, Sendable {
    /// The bearer token the server handed out.
    var token: String
    /// When the server ends it, in Unix milliseconds of the server's clock.
    var expiresAt: Int64

    enum CodingKeys: String, CodingKey {
        case token
        case expiresAt = "expires_at"
    }

    /// How long before its end a kept session is no longer used, in milliseconds (room for a
    /// slow sync and for the two clocks differing a little).
    static let margin: Int64 = 120_000

    /// Whether the session is still worth using at `now` (Unix milliseconds).
    func usable(at now: Int64) -> Bool { expiresAt - now > Self.margin }

    /// The session sealed for its file.
    ///
    /// - Throws: `CryptoError` when the key cannot be derived.
    func sealed(with keys: SigningKeyPair, binding: Binding) throws -> [UInt8] {
        let key = try Self.key(keys)
        let payload = try AEAD.seal(
            try SyncJSON.encode(self), ad: binding.associatedData, key: key)
        return payload.nonce + payload.ciphertext
    }

    /// The session in `bytes`, or nil when they do not open under this device's key for this
    /// binding (another device, workspace or server, or altered).
    static func open(_ bytes: [UInt8], with keys: SigningKeyPair, binding: Binding) -> Self? {
        guard bytes.count > AEAD.nonceBytes, let key = try? key(keys) else { return nil }
        let payload = SealedPayload(
            nonce: Array(bytes.prefix(AEAD.nonceBytes)),
            ciphertext: Array(bytes.dropFirst(AEAD.nonceBytes)))
        guard let plain = try? AEAD.open(payload, ad: binding.associatedData, key: key) else {
            return nil
        }
        return try? SyncJSON.decode(Self.self, from: plain)
    }

    /// The sealing key: a subkey of the device key's seed.
    static func key(_ keys: SigningKeyPair) throws -> SecretKey {
        try Hashing.deriveSubkey(id: 1, context: "syncsess", from: keys.secretKey.slice(0..<32))
    }

    /// What a kept session is bound to.
    struct Binding: Equatable, Sendable {
        let server: String
        let workspace: String
        let device: DeviceID

        /// The associated data sealed with the token.
        var associatedData: [UInt8] {
            Array("coach.sync-session.v1\n\(server)\n\(workspace)\n\(device.rawValue)".utf8)
        }
    }
}
