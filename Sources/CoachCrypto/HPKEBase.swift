import Foundation

/// Hybrid public-key encryption as RFC 9180 defines it, in base mode only.
///
/// The KEM is DHKEM(X25519, HKDF-SHA256) (0x0020) and the KDF HKDF-SHA256 (0x0001); the AEAD
/// is AES-256-GCM (0x0002) or ChaCha20-Poly1305 (0x0003). Everything runs on libsodium. Named
/// `HPKEBase` so it never clashes with swift-crypto's `HPKE` in code that sees both.
public enum HPKEBase {
    /// The KEM identifier, DHKEM(X25519, HKDF-SHA256).
    public static let kemID: UInt16 = 0x0020
    /// The KDF identifier, HKDF-SHA256.
    public static let kdfID: UInt16 = 0x0001
    /// Bytes of an X25519 public key, which is also the length of `enc`.
    public static let publicKeyBytes = 32
    /// Bytes of an X25519 secret key.
    public static let secretKeyBytes = 32

    /// The AEADs this implementation offers, by their RFC 9180 identifiers.
    public enum AEAD: UInt16, Sendable, CaseIterable {
        /// AES-256-GCM; needs AES hardware support in libsodium 1.0.18.
        case aes256GCM = 0x0002
        /// ChaCha20-Poly1305 (IETF, 96-bit nonce).
        case chaCha20Poly1305 = 0x0003

        /// The algorithm's name in words.
        public var name: String {
            switch self {
            case .aes256GCM: "AES-256-GCM"
            case .chaCha20Poly1305: "ChaCha20-Poly1305"
            }
        }
    }

    /// A recipient's X25519 key pair.
    public struct KeyPair: Sendable {
        /// The 32-byte public key senders seal to.
        public let publicKey: [UInt8]
        /// The 32-byte secret key that opens.
        public let secretKey: SecretKey

        /// Pairs a public key with its secret key (no check that they match).
        public init(publicKey: [UInt8], secretKey: SecretKey) {
            self.publicKey = publicKey
            self.secretKey = secretKey
        }
    }

    /// What a one-shot seal produces: the encapsulated key and the ciphertext with its tag.
    public struct Sealed: Equatable, Sendable {
        /// The sender's ephemeral public key (32 bytes).
        public var enc: [UInt8]
        /// The AEAD ciphertext followed by its 16-byte tag.
        public var ciphertext: [UInt8]

        /// Wraps an encapsulated key and a ciphertext.
        public init(enc: [UInt8], ciphertext: [UInt8]) {
            self.enc = enc
            self.ciphertext = ciphertext
        }
    }

    /// Whether this machine can use `aead` (AES-256-GCM needs AES hardware support).
    public static func isAvailable(_ aead: AEAD) -> Bool {
        guard (try? Sodium.initialize()) != nil else { return false }
        return aead == .chaCha20Poly1305 || Sodium.aes256GCMAvailable
    }

    /// Derives a key pair from input keying material, as RFC 9180 §7.1.3's `DeriveKeyPair`.
    ///
    /// - Parameter ikm: at least 32 bytes of secret input.
    /// - Returns: the key pair.
    /// - Throws: `HPKEError.invalidSecretKey` for shorter input.
    public static func deriveKeyPair(ikm: [UInt8]) throws -> KeyPair {
        guard ikm.count >= secretKeyBytes else { throw HPKEError.invalidSecretKey }
        try Sodium.initialize()
        let suite = kemSuiteID
        let prk = labeledExtract(salt: [], label: "dkp_prk", ikm: ikm, suite: suite)
        var sk = try labeledExpand(prk: prk, label: "sk", info: [], length: 32, suite: suite)
        let pk = try Sodium.x25519Base(sk)
        return KeyPair(publicKey: pk, secretKey: try SecretKey(consuming: &sk))
    }

    /// A fresh random key pair.
    ///
    /// - Parameter random: where the 32 bytes of input keying material come from.
    /// - Returns: the key pair.
    /// - Throws: `CryptoError.unavailable` when libsodium cannot start.
    public static func generateKeyPair(random: RandomSource = SystemRandom()) throws -> KeyPair {
        var ikm = random.bytes(32)
        defer { Sodium.wipe(&ikm) }
        return try deriveKeyPair(ikm: ikm)
    }

    /// Sets up a sender's context to `recipient` (RFC 9180 `SetupBaseS`).
    ///
    /// The ephemeral key pair is `DeriveKeyPair` of 32 bytes drawn from `random`, so a fixed
    /// source reproduces the published vectors.
    /// - Returns: `enc`, to send with the ciphertexts, and the context that seals.
    /// - Throws: `HPKEError` for a wrong-length or low-order key, or an unavailable AEAD.
    public static func setupSender(
        recipient: [UInt8], info: [UInt8], aead: AEAD, random: RandomSource = SystemRandom()
    ) throws -> (enc: [UInt8], context: Context) {
        guard recipient.count == publicKeyBytes else { throw HPKEError.invalidPublicKey }
        guard isAvailable(aead) else { throw HPKEError.aeadUnavailable(aead) }
        let ephemeral = try generateKeyPair(random: random)
        var dh = try Sodium.x25519(ephemeral.secretKey, recipient)
        defer { Sodium.wipe(&dh) }
        let enc = ephemeral.publicKey
        let shared = try extractAndExpand(dh: dh, kemContext: enc + recipient)
        let schedule = try KeySchedule(sharedSecret: shared, info: info, aead: aead)
        return (enc, Context(schedule: schedule))
    }

    /// Sets up a recipient's context from the sender's `enc` (RFC 9180 `SetupBaseR`).
    ///
    /// - Returns: the context that opens the sender's messages in order.
    /// - Throws: `HPKEError` for a wrong-length or low-order `enc`, or an unavailable AEAD.
    public static func setupReceiver(
        enc: [UInt8], recipient: KeyPair, info: [UInt8], aead: AEAD
    ) throws -> Context {
        guard enc.count == publicKeyBytes else { throw HPKEError.invalidPublicKey }
        guard recipient.secretKey.count == secretKeyBytes else { throw HPKEError.invalidSecretKey }
        guard isAvailable(aead) else { throw HPKEError.aeadUnavailable(aead) }
        var dh = try Sodium.x25519(recipient.secretKey, enc)
        defer { Sodium.wipe(&dh) }
        let shared = try extractAndExpand(dh: dh, kemContext: enc + recipient.publicKey)
        return Context(schedule: try KeySchedule(sharedSecret: shared, info: info, aead: aead))
    }

    /// Seals one message to `recipient` (RFC 9180 `Seal` in single-shot form).
    ///
    /// - Returns: `enc` and the ciphertext with its tag.
    /// - Throws: `HPKEError` for a bad key or an unavailable AEAD.
    public static func seal(
        _ plaintext: [UInt8], to recipient: [UInt8], info: [UInt8], aad: [UInt8], aead: AEAD,
        random: RandomSource = SystemRandom()
    ) throws -> Sealed {
        var (enc, context) = try setupSender(
            recipient: recipient, info: info, aead: aead, random: random)
        return Sealed(enc: enc, ciphertext: try context.seal(plaintext, aad: aad))
    }

    /// Opens one message sealed by `seal` (RFC 9180 `Open` in single-shot form).
    ///
    /// - Returns: the plaintext, only when `enc`, ciphertext, `info` and `aad` are intact.
    /// - Throws: `HPKEError.authenticationFailed` for anything altered, or another `HPKEError`.
    public static func open(
        _ sealed: Sealed, recipient: KeyPair, info: [UInt8], aad: [UInt8], aead: AEAD
    ) throws -> [UInt8] {
        var context = try setupReceiver(
            enc: sealed.enc, recipient: recipient, info: info, aead: aead)
        return try context.open(sealed.ciphertext, aad: aad)
    }
}
