import CSodium
import Foundation

/// BLAKE2b hashes (plain and keyed), SHA-256, and subkey derivation.
public enum Hashing {
    /// BLAKE2b of `message` (32 bytes unless told otherwise).
    public static func blake2b(_ message: [UInt8], length: Int = 32) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: length)
        crypto_generichash(&out, length, message, UInt64(message.count), nil, 0)
        return out
    }

    /// Keyed BLAKE2b (a MAC / key commitment) of `message` under `key`.
    public static func keyedBlake2b(_ message: [UInt8], key: SecretKey, length: Int = 32) -> [UInt8]
    {
        var out = [UInt8](repeating: 0, count: length)
        key.withBytes { k in
            _ = crypto_generichash(
                &out, length, message, UInt64(message.count),
                k.baseAddress!.assumingMemoryBound(to: UInt8.self), k.count)
        }
        return out
    }

    /// SHA-256 of `message` (for pinning plugin executables).
    public static func sha256(_ message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        crypto_hash_sha256(&out, message, UInt64(message.count))
        return out
    }

    /// Derives subkey `id` for the 8-character `context` from a 32-byte master key.
    public static func deriveSubkey(id: UInt64, context: String, from master: SecretKey) throws
        -> SecretKey
    {
        let ctx = Array(context.utf8)
        guard ctx.count == Int(crypto_kdf_CONTEXTBYTES) else {
            throw CryptoError.invalidLength(what: "KDF context")
        }
        guard master.count == Int(crypto_kdf_KEYBYTES) else {
            throw CryptoError.invalidLength(what: "master key")
        }
        return try SecretKey(count: 32) { out in
            let rc = master.withBytes { m in
                ctx.withUnsafeBufferPointer { c in
                    c.withMemoryRebound(to: CChar.self) { cc in
                        crypto_kdf_derive_from_key(
                            out.baseAddress!.assumingMemoryBound(to: UInt8.self), 32, id,
                            cc.baseAddress!, m.baseAddress!.assumingMemoryBound(to: UInt8.self))
                    }
                }
            }
            guard rc == 0 else { throw CryptoError.keyGenerationFailed }
        }
    }

    /// Lowercase hex of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}

/// ISO/IEC 7816-4 padding (`sodium_pad`) so ciphertext lengths reveal only a size class.
public enum Padding {
    /// Pads `bytes` to a multiple of `blockSize`.
    public static func pad(_ bytes: [UInt8], blockSize: Int = 128) -> [UInt8] {
        var buf = bytes + [UInt8](repeating: 0, count: blockSize)
        var padded = 0
        _ = sodium_pad(&padded, &buf, bytes.count, blockSize, buf.count)
        return Array(buf[0..<padded])
    }

    /// Removes padding added by `pad`.
    public static func unpad(_ bytes: [UInt8], blockSize: Int = 128) throws -> [UInt8] {
        var unpadded = 0
        // sodium_unpad only reads the buffer: no copy of it before the one returned.
        let rc = bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress, !b.isEmpty else { return Int32(-1) }
            return sodium_unpad(&unpadded, base, b.count, blockSize)
        }
        guard rc == 0 else { throw CryptoError.badPadding }
        return Array(bytes[0..<unpadded])
    }
}
