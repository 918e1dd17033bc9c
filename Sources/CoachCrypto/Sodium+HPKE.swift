import CSodium
import Foundation

/// The libsodium calls behind `HPKEBase`: X25519 and the two AEADs.
extension Sodium {
    /// Whether libsodium's AES-256-GCM can run on this CPU.
    static var aes256GCMAvailable: Bool { crypto_aead_aes256gcm_is_available() != 0 }

    /// The X25519 public key of a 32-byte secret.
    static func x25519Base(_ secret: [UInt8]) throws -> [UInt8] {
        var pk = [UInt8](repeating: 0, count: Int(crypto_scalarmult_BYTES))
        guard crypto_scalarmult_base(&pk, secret) == 0 else {
            throw HPKEError.invalidSecretKey
        }
        return pk
    }

    /// X25519(secret, public); libsodium refuses an all-zero result (a low-order point).
    static func x25519(_ secret: SecretKey, _ publicKey: [UInt8]) throws -> [UInt8] {
        guard publicKey.count == Int(crypto_scalarmult_BYTES) else {
            throw HPKEError.invalidPublicKey
        }
        guard secret.count == Int(crypto_scalarmult_SCALARBYTES) else {
            throw HPKEError.invalidSecretKey
        }
        var out = [UInt8](repeating: 0, count: Int(crypto_scalarmult_BYTES))
        let rc = secret.withBytes { s in
            crypto_scalarmult(&out, s.baseAddress!.assumingMemoryBound(to: UInt8.self), publicKey)
        }
        guard rc == 0, !out.allSatisfy({ $0 == 0 }) else { throw HPKEError.zeroSharedSecret }
        return out
    }

    /// Encrypts with the AEAD `aead` under a 32-byte key and a 12-byte nonce.
    static func aeadSeal(
        _ plaintext: [UInt8], aad: [UInt8], nonce: [UInt8], key: SecretKey, aead: HPKEBase.AEAD
    ) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: plaintext.count + 16)
        var outLen: UInt64 = 0
        let rc = key.withBytes { k -> Int32 in
            let kp = k.baseAddress!.assumingMemoryBound(to: UInt8.self)
            switch aead {
            case .aes256GCM:
                return crypto_aead_aes256gcm_encrypt(
                    &out, &outLen, plaintext, UInt64(plaintext.count), aad, UInt64(aad.count),
                    nil, nonce, kp)
            case .chaCha20Poly1305:
                return crypto_aead_chacha20poly1305_ietf_encrypt(
                    &out, &outLen, plaintext, UInt64(plaintext.count), aad, UInt64(aad.count),
                    nil, nonce, kp)
            }
        }
        guard rc == 0 else { throw HPKEError.authenticationFailed }
        return Array(out[0..<Int(outLen)])
    }

    /// Decrypts and authenticates with the AEAD `aead`; nothing comes back unless intact.
    static func aeadOpen(
        _ ciphertext: [UInt8], aad: [UInt8], nonce: [UInt8], key: SecretKey, aead: HPKEBase.AEAD
    ) throws -> [UInt8] {
        guard ciphertext.count >= 16 else { throw HPKEError.authenticationFailed }
        var out = [UInt8](repeating: 0, count: ciphertext.count - 16)
        var outLen: UInt64 = 0
        let rc = key.withBytes { k -> Int32 in
            let kp = k.baseAddress!.assumingMemoryBound(to: UInt8.self)
            switch aead {
            case .aes256GCM:
                return crypto_aead_aes256gcm_decrypt(
                    &out, &outLen, nil, ciphertext, UInt64(ciphertext.count), aad,
                    UInt64(aad.count), nonce, kp)
            case .chaCha20Poly1305:
                return crypto_aead_chacha20poly1305_ietf_decrypt(
                    &out, &outLen, nil, ciphertext, UInt64(ciphertext.count), aad,
                    UInt64(aad.count), nonce, kp)
            }
        }
        guard rc == 0 else { throw HPKEError.authenticationFailed }
        return Array(out[0..<Int(outLen)])
    }
}
