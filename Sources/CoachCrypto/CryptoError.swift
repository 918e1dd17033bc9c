import Foundation

/// What can go wrong in coach's cryptography.
///
/// Messages never contain key material, passphrases or plaintext.
public enum CryptoError: LocalizedError, Equatable, Sendable {
    /// libsodium could not be initialised.
    case unavailable
    /// Authentication failed: wrong key, edited ciphertext or associated data.
    case authenticationFailed
    /// A buffer had the wrong length for its purpose.
    case invalidLength(what: String)
    /// Password-hashing parameters outside the accepted range.
    case unsafeKDFParameters(String)
    /// The key derivation failed (usually out of memory).
    case kdfFailed
    /// A signature did not verify.
    case badSignature
    /// Padding was malformed.
    case badPadding
    /// Key generation failed.
    case keyGenerationFailed

    public var errorDescription: String? {
        switch self {
        case .unavailable:
            "libsodium could not be initialised; reinstall libsodium (apt-get install libsodium-dev)"
        case .authenticationFailed: "decryption failed: the data was altered or the key is wrong"
        case .invalidLength(let what): "\(what) has the wrong length"
        case .unsafeKDFParameters(let why): "refusing password-hashing parameters: \(why)"
        case .kdfFailed:
            "password hashing failed (not enough memory?); close other programs and retry"
        case .badSignature: "a signature did not verify"
        case .badPadding: "decrypted data has invalid padding"
        case .keyGenerationFailed: "key generation failed"
        }
    }
}
