import CSodium
import Foundation

/// Argon2id parameters stored with each user, and the derivation of a key-encryption key.
public struct KDFParameters: Codable, Equatable, Sendable {
    /// Algorithm identifier; only Argon2id v1.3 (`argon2id13`) is accepted.
    public var algorithm: String
    /// Passes over memory.
    public var opsLimit: UInt64
    /// Memory in bytes.
    public var memLimit: UInt64
    /// 16-byte random salt.
    public var salt: [UInt8]

    public static let argon2id = "argon2id13"

    /// Named strength levels matching libsodium's presets.
    public enum Preset: String, CaseIterable, Sendable {
        case interactive, moderate, sensitive

        var limits: (ops: UInt64, mem: UInt64) {
            switch self {
            case .interactive:
                (
                    UInt64(crypto_pwhash_opslimit_interactive()),
                    UInt64(crypto_pwhash_memlimit_interactive())
                )
            case .moderate:
                (
                    UInt64(crypto_pwhash_opslimit_moderate()),
                    UInt64(crypto_pwhash_memlimit_moderate())
                )
            case .sensitive:
                (
                    UInt64(crypto_pwhash_opslimit_sensitive()),
                    UInt64(crypto_pwhash_memlimit_sensitive())
                )
            }
        }

        /// The preset whose limits are exactly `ops` and `mem`, if any.
        public static func matching(ops: Int64, mem: Int64) -> Preset? {
            allCases.first {
                Int64(clamping: $0.limits.ops) == ops && Int64(clamping: $0.limits.mem) == mem
            }
        }
    }

    public init(algorithm: String, opsLimit: UInt64, memLimit: UInt64, salt: [UInt8]) {
        self.algorithm = algorithm; self.opsLimit = opsLimit; self.memLimit = memLimit;
        self.salt = salt
    }

    /// Fresh parameters at `preset` strength with a random salt.
    public static func new(_ preset: Preset, random: RandomSource = SystemRandom()) -> KDFParameters
    {
        let l = preset.limits
        return KDFParameters(
            algorithm: argon2id, opsLimit: l.ops, memLimit: l.mem,
            salt: random.bytes(Int(crypto_pwhash_SALTBYTES)))
    }

    /// Checks the parameters before any hashing: nothing weaker than INTERACTIVE, nothing
    /// above four times SENSITIVE (which would only be a denial of service).
    public func validate() throws {
        guard algorithm == Self.argon2id else {
            throw CryptoError.unsafeKDFParameters("unknown algorithm")
        }
        guard salt.count == Int(crypto_pwhash_SALTBYTES) else {
            throw CryptoError.unsafeKDFParameters("bad salt length")
        }
        let low = Preset.interactive.limits, high = Preset.sensitive.limits
        guard opsLimit >= low.ops, memLimit >= low.mem else {
            throw CryptoError.unsafeKDFParameters("below the interactive minimum")
        }
        guard opsLimit <= high.ops * 4, memLimit <= high.mem * 4 else {
            throw CryptoError.unsafeKDFParameters("absurdly high work factor")
        }
    }

    /// Derives a 32-byte key-encryption key from `passphrase` with Argon2id.
    ///
    /// - Throws: `CryptoError.unsafeKDFParameters` before hashing when `validate()` fails;
    ///   `CryptoError.kdfFailed` when the hash cannot run.
    public func deriveKey(passphrase: SecretKey) throws -> SecretKey {
        try validate()
        guard passphrase.count > 0 else { throw CryptoError.invalidLength(what: "passphrase") }
        return try SecretKey(count: 32, guarded: true) { out in
            let rc = passphrase.withBytes { pw in
                crypto_pwhash(
                    out.baseAddress!.assumingMemoryBound(to: UInt8.self), 32,
                    pw.baseAddress!.assumingMemoryBound(to: CChar.self), UInt64(pw.count),
                    salt, opsLimit, Int(memLimit), crypto_pwhash_ALG_ARGON2ID13)
            }
            guard rc == 0 else { throw CryptoError.kdfFailed }
        }
    }
}
