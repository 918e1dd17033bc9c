import CoachCrypto
import Foundation

/// A passphrase (or one-time code) a person typed, held in guarded memory.
///
/// Front ends read the bytes (from a file, standard input or a terminal) and hand them over at
/// once: the initialiser takes the buffer and wipes it, so no copy outlives the read. The
/// secret itself never leaves the application layer.
public struct Passphrase: Sendable {
    let key: SecretKey

    init(key: SecretKey) { self.key = key }

    /// Takes the bytes of `buffer` into guarded memory and wipes the buffer.
    ///
    /// - Parameter buffer: the passphrase's bytes, without a line ending; emptied on return.
    /// - Throws: `CryptoError` when guarded memory cannot be had.
    public init(consuming buffer: inout [UInt8]) throws {
        key = try SecretKey(consuming: &buffer, guarded: true)
    }

    /// Takes readable text (the demo's generated passphrases) into guarded memory.
    init(text: String) throws {
        var bytes = Array(text.utf8)
        try self.init(consuming: &bytes)
    }

    /// Overwrites `buffer` with zeros: for bytes read but not made into a passphrase.
    public static func wipe(_ buffer: inout [UInt8]) { Sodium.wipe(&buffer) }

    /// Whether `other` holds the same bytes, compared in constant time.
    public func matches(_ other: Passphrase) -> Bool {
        key.withBytes { a in
            other.key.withBytes { b in
                a.count == b.count && Sodium.constantTimeEqual(Array(a), Array(b))
            }
        }
    }
}

/// How hard the owner's passphrase is made to guess: the Argon2id cost of a new workspace.
public enum PassphraseStrength: String, CaseIterable, Sendable {
    /// Fast to open, for throw-away workspaces and tests.
    case interactive
    /// The default.
    case moderate
    /// The slowest and hardest to guess.
    case sensitive

    var preset: KDFParameters.Preset {
        switch self {
        case .interactive: .interactive
        case .moderate: .moderate
        case .sensitive: .sensitive
        }
    }
}
