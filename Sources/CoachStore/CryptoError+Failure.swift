import CoachCrypto
import CoachKit

/// A ciphertext, key or signature that does not open or verify is damaged or altered data.
extension CryptoError: CoachFailure {
    public var category: FailureCategory { .corrupt }
}
