import CSodium
import Foundation

/// A sealed payload: the random nonce and the ciphertext with its tag.
public struct SealedPayload: Equatable, Sendable {
    public var nonce: [UInt8]
    public var ciphertext: [UInt8]
    public init(nonce: [UInt8], ciphertext: [UInt8]) {
        self.nonce = nonce; self.ciphertext = ciphertext
    }
}

/// XChaCha20-Poly1305 (IETF) authenticated encryption with associated data.
public enum AEAD {
    public static let keyBytes = Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES)
    public static let nonceBytes = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    public static let tagBytes = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)

    /// Encrypts `plaintext` under `key` with a fresh random nonce, binding `ad`.
    public static func seal(
        _ plaintext: [UInt8], ad: [UInt8], key: SecretKey,
        random: RandomSource = SystemRandom()
    ) throws -> SealedPayload {
        guard key.count == keyBytes else { throw CryptoError.invalidLength(what: "encryption key") }
        let nonce = random.bytes(nonceBytes)
        var out = [UInt8](repeating: 0, count: plaintext.count + tagBytes)
        var outLen: UInt64 = 0
        let rc = key.withBytes { k in
            crypto_aead_xchacha20poly1305_ietf_encrypt(
                &out, &outLen, plaintext, UInt64(plaintext.count), ad, UInt64(ad.count), nil, nonce,
                k.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        guard rc == 0 else { throw CryptoError.authenticationFailed }
        return SealedPayload(nonce: nonce, ciphertext: Array(out[0..<Int(outLen)]))
    }

    /// Decrypts and authenticates; returns nothing unless nonce, ciphertext, tag and `ad` are intact.
    public static func open(_ sealed: SealedPayload, ad: [UInt8], key: SecretKey) throws -> [UInt8]
    {
        guard key.count == keyBytes else { throw CryptoError.invalidLength(what: "encryption key") }
        guard sealed.nonce.count == nonceBytes, sealed.ciphertext.count >= tagBytes else {
            throw CryptoError.authenticationFailed
        }
        var out = [UInt8](repeating: 0, count: sealed.ciphertext.count - tagBytes)
        var outLen: UInt64 = 0
        let rc = key.withBytes { k in
            crypto_aead_xchacha20poly1305_ietf_decrypt(
                &out, &outLen, nil, sealed.ciphertext, UInt64(sealed.ciphertext.count), ad,
                UInt64(ad.count),
                sealed.nonce, k.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        guard rc == 0 else { throw CryptoError.authenticationFailed }
        return Array(out[0..<Int(outLen)])
    }

    /// Decrypts straight into secure memory (for wrapped keys).
    public static func openKey(_ sealed: SealedPayload, ad: [UInt8], key: SecretKey) throws
        -> SecretKey
    {
        var bytes = try open(sealed, ad: ad, key: key)
        return try SecretKey(consuming: &bytes)
    }
}
