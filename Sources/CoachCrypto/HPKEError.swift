import Foundation

/// What can go wrong in `HPKEBase`.
///
/// Messages never contain key material or plaintext.
public enum HPKEError: LocalizedError, Equatable, Sendable {
    /// This machine's libsodium cannot run the AEAD (AES-256-GCM needs AES-NI or ARM crypto).
    case aeadUnavailable(HPKEBase.AEAD)
    /// A public key (the recipient's or the sender's `enc`) had the wrong length.
    case invalidPublicKey
    /// A secret key had the wrong length.
    case invalidSecretKey
    /// The Diffie-Hellman result was all zeros: a low-order public key, refused.
    case zeroSharedSecret
    /// The ciphertext, its associated data, `info` or `enc` were altered, or the key is wrong.
    case authenticationFailed
    /// The context has sealed or opened as many messages as its nonce space allows.
    case messageLimitReached
    /// An export or expansion asked for more bytes than HKDF-SHA256 can give.
    case lengthTooLarge

    public var errorDescription: String? {
        switch self {
        case .aeadUnavailable(let aead):
            "\(aead.name) is not available on this machine (it needs AES hardware support or a "
                + "newer libsodium); open these items on another machine"
        case .invalidPublicKey: "an HPKE public key has the wrong length"
        case .invalidSecretKey: "an HPKE secret key has the wrong length"
        case .zeroSharedSecret: "an HPKE public key is invalid (it gives an all-zero shared secret)"
        case .authenticationFailed:
            "HPKE decryption failed: the message, its context or the key do not match"
        case .messageLimitReached: "an HPKE context ran out of message numbers"
        case .lengthTooLarge: "an HPKE export asked for too many bytes"
        }
    }
}
