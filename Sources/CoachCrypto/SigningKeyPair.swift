import CSodium
import Foundation

/// An Ed25519 key pair for signing audit entries and grants.
public struct SigningKeyPair: Sendable {
    public let publicKey: [UInt8]
    public let secretKey: SecretKey

    public static let publicBytes = Int(crypto_sign_PUBLICKEYBYTES)
    public static let secretBytes = Int(crypto_sign_SECRETKEYBYTES)
    public static let signatureBytes = Int(crypto_sign_BYTES)

    /// A fresh key pair.
    public static func generate(random: RandomSource = SystemRandom()) throws -> SigningKeyPair {
        let seed = try SecretKey.random(count: Int(crypto_sign_SEEDBYTES), using: random)
        var pk = [UInt8](repeating: 0, count: publicBytes)
        let sk = try SecretKey(count: secretBytes) { out in
            let rc = seed.withBytes { s in
                crypto_sign_seed_keypair(
                    &pk, out.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    s.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
            guard rc == 0 else { throw CryptoError.keyGenerationFailed }
        }
        return SigningKeyPair(publicKey: pk, secretKey: sk)
    }

    public init(publicKey: [UInt8], secretKey: SecretKey) {
        self.publicKey = publicKey
        self.secretKey = secretKey
    }

    /// A detached signature of `message`.
    public func sign(_ message: [UInt8]) -> [UInt8] {
        var sig = [UInt8](repeating: 0, count: Self.signatureBytes)
        secretKey.withBytes { sk in
            _ = crypto_sign_detached(
                &sig, nil, message, UInt64(message.count),
                sk.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return sig
    }

    /// Whether `signature` is a valid signature of `message` by `publicKey`.
    public static func verify(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool
    {
        guard signature.count == signatureBytes, publicKey.count == publicBytes else {
            return false
        }
        return crypto_sign_verify_detached(signature, message, UInt64(message.count), publicKey)
            == 0
    }
}
