import CoachCrypto
import Foundation

/// A one-time enrolment code: shown once to whoever creates (or resets) a user, and redeemed
/// once by that user, who then chooses their own passphrase.
///
/// 120 random bits written as 24 letters and digits (RFC 4648 base32) in six groups of four.
/// Until it is redeemed, the user's keys are sealed under it exactly as under a passphrase
/// (Argon2id with the user's parameters), so guessing it costs what guessing a passphrase does.
public struct EnrolmentCode: Sendable, Equatable {
    /// The code as shown, e.g. `K7QD-…`.
    public let text: String

    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
    static let length = 24

    /// A fresh code from `random`.
    static func make(random: RandomSource) -> EnrolmentCode {
        var bytes = random.bytes(15)
        defer { Sodium.wipe(&bytes) }
        var chars: [UInt8] = []
        var buffer = 0, bits = 0
        for b in bytes {
            buffer = (buffer << 8) | Int(b)
            bits += 8
            while bits >= 5 {
                bits -= 5
                chars.append(alphabet[(buffer >> bits) & 31])
            }
            buffer &= (1 << bits) - 1
        }
        let groups = stride(from: 0, to: chars.count, by: 4).map {
            String(decoding: chars[$0..<min($0 + 4, chars.count)], as: UTF8.self)
        }
        return EnrolmentCode(text: groups.joined(separator: "-"))
    }

    /// The key material the code stands for (its 24 characters, without separators).
    func secret() throws -> SecretKey {
        var bytes = Array(text.utf8)
        return try Self.secret(typed: &bytes)
    }

    /// The key material of a code as typed: case, spaces and dashes do not matter.
    ///
    /// - Throws: `StoreError.authenticationFailed` when it cannot be a code (the same error as a
    ///   wrong one).
    static func secret(typed: SecretKey) throws -> SecretKey {
        var bytes = typed.exportBytes()
        return try secret(typed: &bytes)
    }

    private static func secret(typed bytes: inout [UInt8]) throws -> SecretKey {
        defer { Sodium.wipe(&bytes) }
        var kept: [UInt8] = []
        for b in bytes where b != UInt8(ascii: "-") && b != UInt8(ascii: " ") {
            let upper = (b >= 97 && b <= 122) ? b - 32 : b
            guard alphabet.contains(upper) else {
                Sodium.wipe(&kept)
                throw StoreError.authenticationFailed
            }
            kept.append(upper)
        }
        guard kept.count == length else {
            Sodium.wipe(&kept)
            throw StoreError.authenticationFailed
        }
        return try SecretKey(consuming: &kept, guarded: true)
    }
}
