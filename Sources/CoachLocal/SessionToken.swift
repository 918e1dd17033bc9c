import CoachCrypto
import Foundation

/// The half of a session that lives outside the database: session id and session key.
///
/// Stored in a 0600 file under a 0700 per-user runtime folder; the database row holds the
/// user's keys encrypted under the session key, so neither half alone opens anything.
public struct SessionToken: Sendable {
    /// The session's id (the key of its database row).
    public let id: String
    /// The session key, which opens the user's keys sealed in the row.
    public let key: SecretKey
    /// The handle of the signed-in user.
    public let handle: String

    /// A token of the session `id` of `handle`, opened with `key`.
    public init(id: String, key: SecretKey, handle: String) {
        self.id = id
        self.key = key
        self.handle = handle
    }

    static let header = "coach-session/1"

    /// The file contents.
    func serialized() -> [UInt8] {
        Array("\(Self.header)\n\(handle)\n\(id)\n".utf8)
            + Array(Hashing.hex(key.exportBytes()).utf8) + [10]
    }

    /// Parses a token file; `nil` when it is not one.
    static func parse(_ bytes: [UInt8]) -> SessionToken? {
        let lines = bytes.split(separator: 10).map { String(decoding: $0, as: UTF8.self) }
        guard lines.count == 4, lines[0] == header, lines[3].count == 64 else { return nil }
        var raw = [UInt8]()
        var chars = Array(lines[3].utf8)
        defer { Sodium.wipe(&chars); Sodium.wipe(&raw) }
        var i = 0
        while i < chars.count {
            guard let hi = hexValue(chars[i]), let lo = hexValue(chars[i + 1]) else { return nil }
            raw.append(hi << 4 | lo)
            i += 2
        }
        guard let key = try? SecretKey(consuming: &raw) else { return nil }
        return SessionToken(id: lines[2], key: key, handle: lines[1])
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c - 48
        case 97...102: c - 87
        default: nil
        }
    }
}
