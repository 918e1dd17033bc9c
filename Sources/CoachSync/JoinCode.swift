import CoachCrypto
import CoachKit

/// A one-time join invitation code: 120 random bits written as 24 letters and digits
/// (RFC 4648 base32) in six groups of four, shown once on the machine that makes it.
///
/// The server keeps only a verifier (a SHA-256 of the proof, bound to workspace and user), so its
/// database cannot be used to join. The code itself never crosses the wire: a join sends its
/// proof (`proof(of:)`), and the code also keys the invitation's owner binding
/// (`binding(of:key:)`), which the server cannot make.
public enum JoinCode {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
    /// The number of characters of a code, without separators.
    public static let length = 24

    /// A fresh code from `random`, grouped for reading aloud.
    public static func make(random: any RandomSource) -> String {
        let bytes = random.bytes(15)
        var chars: [UInt8] = []
        var buffer = 0
        var bits = 0
        for b in bytes {
            buffer = (buffer << 8) | Int(b)
            bits += 8
            while bits >= 5 {
                bits -= 5
                chars.append(alphabet[(buffer >> bits) & 31])
            }
            buffer &= (1 << bits) - 1
        }
        return stride(from: 0, to: chars.count, by: 4).map {
            String(decoding: chars[$0..<min($0 + 4, chars.count)], as: UTF8.self)
        }.joined(separator: "-")
    }

    /// A code as typed, without case, spaces or dashes mattering.
    ///
    /// - Returns: the 24 characters in upper case, or nil when `typed` cannot be a code.
    public static func normalized(_ typed: String) -> String? {
        var kept: [UInt8] = []
        for b in typed.utf8 where b != UInt8(ascii: "-") && b != UInt8(ascii: " ") {
            let upper = (b >= 97 && b <= 122) ? b - 32 : b
            guard alphabet.contains(upper) else { return nil }
            kept.append(upper)
        }
        guard kept.count == length else { return nil }
        return String(decoding: kept, as: UTF8.self)
    }

    /// What the server keeps of a code: SHA-256 over the label `coach/1/join-invitation`,
    /// the workspace id, the user id and the normalized code, length-prefixed.
    ///
    /// - Parameters:
    ///   - workspace: the workspace id.
    ///   - user: the invited user.
    ///   - code: the code, normalized (`normalized(_:)`).
    /// - Returns: 32 bytes.
    public static func verifier(workspace: String, user: UserID, code: String) -> [UInt8] {
        Hashing.sha256(
            AssociatedData("coach/1/join-invitation").with(workspace, user.rawValue, code).bytes)
    }
}

/// `POST /v1/ws/{ws}/invitations`, with a session: registers a one-time join invitation for
/// the user named `handle` (the owner for anyone, any other user for themselves). Only the
/// verifier of the code's proof and the code's owner binding are sent; a new invitation
/// replaces the user's previous one.
public struct InvitationRequest: Codable, Equatable, Sendable {
    public var handle: String
    /// `JoinCode.verifier` of the code's proof (`JoinCode.proof(of:)`; 32 bytes).
    public var verifier: SyncBytes
    /// `JoinCode.binding(of:key:)` of the workspace's registration (32 bytes), which the
    /// server hands to the joining machine.
    public var binding: SyncBytes
    /// How long the invitation lives, in seconds (`SyncLimits`: one minute to seven days).
    public var expiresIn: Int64

    enum CodingKeys: String, CodingKey {
        case handle, verifier, binding
        case expiresIn = "expires_in"
    }

    /// An invitation for `handle` with `verifier` and `binding`, living `expiresIn` seconds.
    public init(handle: String, verifier: [UInt8], binding: [UInt8], expiresIn: Int64) {
        self.handle = handle
        self.verifier = SyncBytes(verifier)
        self.binding = SyncBytes(binding)
        self.expiresIn = expiresIn
    }
}

/// The answer to an invitation: whom it is for, when it expires (server time, Unix ms) and
/// how many wrong codes it takes before it is burned.
public struct InvitationResponse: Codable, Equatable, Sendable {
    public var user: UserID
    public var expiresAt: Int64
    public var attempts: Int

    enum CodingKeys: String, CodingKey {
        case user
        case expiresAt = "expires_at"
        case attempts
    }

    /// The invitation as registered.
    public init(user: UserID, expiresAt: Int64, attempts: Int) {
        self.user = user
        self.expiresAt = expiresAt
        self.attempts = attempts
    }
}
