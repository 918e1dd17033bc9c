import CoachCrypto
import CoachTrust

extension ServerKeyInfo {
    /// Whether the answer is a whole Ed25519 key named by its own id.
    public var isWellFormed: Bool {
        logKey.bytes.count == SigningKeyPair.publicBytes
            && keyId.bytes == LogKeyCertificate.keyId(of: logKey.bytes)
    }

    /// The key's 16-hex-digit fingerprint, as `LogKeyCertificate.fingerprint` gives it.
    public var fingerprint: String { LogKeyCertificate.fingerprint(of: logKey.bytes) }
}
