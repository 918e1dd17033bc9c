import CSodium
import Foundation

/// An X25519 key pair for sealed boxes (wrapping athlete keys to a user).
public struct BoxKeyPair: Sendable {
    public let publicKey: [UInt8]
    public let secretKey: SecretKey

    public static let publicBytes = Int(crypto_box_PUBLICKEYBYTES)
    public static let secretBytes = Int(crypto_box_SECRETKEYBYTES)

    /// A fresh key pair.
    public static func generate(random: RandomSource = SystemRandom()) throws -> BoxKeyPair {
        let seed = try SecretKey.random(count: Int(crypto_box_SEEDBYTES), using: random)
        var pk = [UInt8](repeating: 0, count: publicBytes)
        let sk = try SecretKey(count: secretBytes) { out in
            let rc = seed.withBytes { s in
                crypto_box_seed_keypair(
                    &pk, out.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    s.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
            guard rc == 0 else { throw CryptoError.keyGenerationFailed }
        }
        return BoxKeyPair(publicKey: pk, secretKey: sk)
    }

    public init(publicKey: [UInt8], secretKey: SecretKey) {
        self.publicKey = publicKey
        self.secretKey = secretKey
    }
}

/// Anonymous sealed boxes (`crypto_box_seal`): anyone can seal to a public key, only its owner opens.
public enum SealedBox {
    public static let overhead = Int(crypto_box_sealbytes())

    /// Seals `message` to `publicKey`.
    public static func seal(_ message: [UInt8], to publicKey: [UInt8]) throws -> [UInt8] {
        try Sodium.initialize()
        guard publicKey.count == BoxKeyPair.publicBytes else {
            throw CryptoError.invalidLength(what: "public key")
        }
        var out = [UInt8](repeating: 0, count: message.count + overhead)
        guard crypto_box_seal(&out, message, UInt64(message.count), publicKey) == 0 else {
            throw CryptoError.authenticationFailed
        }
        return out
    }

    /// Opens a sealed box with the recipient's key pair; the result lives in secure memory.
    public static func open(_ box: [UInt8], with keys: BoxKeyPair) throws -> SecretKey {
        guard box.count >= overhead else { throw CryptoError.authenticationFailed }
        return try SecretKey(count: box.count - overhead) { out in
            let rc = keys.secretKey.withBytes { sk in
                crypto_box_seal_open(
                    out.baseAddress!.assumingMemoryBound(to: UInt8.self), box, UInt64(box.count),
                    keys.publicKey, sk.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
            guard rc == 0 else { throw CryptoError.authenticationFailed }
        }
    }
}
