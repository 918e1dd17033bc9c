import CSodium
import Foundation

extension Hashing {
    /// HMAC-SHA256 of `message` under a key of any length (RFC 2104).
    ///
    /// - Parameters:
    ///   - message: the bytes to authenticate.
    ///   - key: the key; longer than 64 bytes is hashed first, as RFC 2104 says.
    /// - Returns: the 32-byte tag.
    public static func hmacSHA256(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        var state = crypto_auth_hmacsha256_state()
        var out = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
        // A non-nil pointer even for an empty key or message.
        let k = key.isEmpty ? [0] : key
        let m = message.isEmpty ? [0] : message
        crypto_auth_hmacsha256_init(&state, k, key.count)
        crypto_auth_hmacsha256_update(&state, m, UInt64(message.count))
        crypto_auth_hmacsha256_final(&state, &out)
        sodium_memzero(&state, MemoryLayout<crypto_auth_hmacsha256_state>.size)
        return out
    }
}
