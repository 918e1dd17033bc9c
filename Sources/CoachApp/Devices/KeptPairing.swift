import CoachCrypto
import CoachKit
import CoachSync

/// A web pairing made on this machine and not yet approved: its one-time code and what the
/// approval needs, kept between the two commands.
///
/// The file holds it sealed (XChaCha20-Poly1305) under a key derived from the device's secret
/// key, bound to the server, the workspace and the device, as `KeptSyncSession` is: the file
/// alone does not give the code, and a file moved to another device, workspace or server does
/// not open.
struct KeptPairing: Codable, Equatable, Sendable {
    /// The one-time code, as the link's fragment carries it.
    var code: String
    var athlete: AthleteID
    var handle: String
    /// When the server ends the pairing, in Unix milliseconds of the server's clock.
    var expiresAt: Int64

    enum CodingKeys: String, CodingKey {
        case code, athlete, handle
        case expiresAt = "expires_at"
    }

    /// The pairing's proof for `workspace`, base64url as the pairing's path names it.
    func proof(workspace: String) -> String {
        Base64URL.encode(CheckinBytes.pairProof(workspace: workspace, code: code))
    }

    /// The pairing sealed for its file.
    ///
    /// - Throws: `CryptoError` when the key cannot be derived.
    func sealed(with keys: SigningKeyPair, binding: KeptSyncSession.Binding) throws -> [UInt8] {
        let payload = try AEAD.seal(
            try SyncJSON.encode(self), ad: Self.associatedData(binding), key: try Self.key(keys))
        return payload.nonce + payload.ciphertext
    }

    /// The pairing in `bytes`, or nil when they do not open under this device's key for this
    /// binding (another device, workspace or server, or altered).
    static func open(
        _ bytes: [UInt8], with keys: SigningKeyPair, binding: KeptSyncSession.Binding
    ) -> Self? {
        guard bytes.count > AEAD.nonceBytes, let key = try? key(keys) else { return nil }
        let payload = SealedPayload(
            nonce: Array(bytes.prefix(AEAD.nonceBytes)),
            ciphertext: Array(bytes.dropFirst(AEAD.nonceBytes)))
        guard let plain = try? AEAD.open(payload, ad: associatedData(binding), key: key) else {
            return nil
        }
        return try? SyncJSON.decode(Self.self, from: plain)
    }

    /// The sealing key: a subkey of the device key's seed, not the kept session's.
    static func key(_ keys: SigningKeyPair) throws -> SecretKey {
        try Hashing.deriveSubkey(id: 2, context: "pairkeep", from: keys.secretKey.slice(0..<32))
    }

    /// The associated data sealed with the pairing.
    static func associatedData(_ binding: KeptSyncSession.Binding) -> [UInt8] {
        AssociatedData("coach.web-pairing.v1").with(
            binding.server, binding.workspace, binding.device.rawValue
        ).bytes
    }
}
