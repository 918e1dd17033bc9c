import CoachCrypto
import Foundation

/// The copy of a user's marks kept on their own machine: the newest key epoch of each athlete,
/// the newest version of each certificate, and the last audit entry they saw (sequence number
/// and hash), and the newest tree head of the server's log this machine verified (size and
/// root, with the counter of the owner's log resets it accepted).
///
/// Sealed with XChaCha20-Poly1305 under the user's state key, with the workspace and user ids
/// as associated data, so the file reveals nothing and cannot be moved to another user. The
/// plaintext is a small binary encoding (`LocalMarks+Encoding.swift`), read at every sign-in.
struct LocalMarks: Equatable, Sendable {
    var epochs: [String: UserState.EpochMark] = [:]
    var certificates: [String: Int] = [:]
    var auditSeq: Int = 0
    var auditHash: [UInt8] = []
    /// The size of the newest verified tree head of the server's log (0: none).
    var logSize: UInt64 = 0
    /// Its root (empty when `logSize` is 0).
    var logRoot: [UInt8] = []
    /// The counter of the last owner log reset taken: only a higher one lowers the log mark.
    var logResets: UInt64 = 0

    static func ad(workspaceId: String, userId: String) -> [UInt8] {
        AssociatedData("coach/1/local-marks").with(workspaceId, userId).bytes
    }

    /// The sealed bytes: nonce, then ciphertext.
    func sealed(workspaceId: String, userId: String, key: SecretKey, random: RandomSource)
        throws -> [UInt8]
    {
        let box = try AEAD.seal(
            encoded(),
            ad: Self.ad(workspaceId: workspaceId, userId: userId), key: key, random: random)
        return box.nonce + box.ciphertext
    }

    /// Opens sealed marks; nil when they do not open under `key` (for instance after the
    /// user's keys were replaced at enrolment or by a reset).
    static func open(_ bytes: [UInt8], workspaceId: String, userId: String, key: SecretKey)
        -> LocalMarks?
    {
        guard bytes.count > AEAD.nonceBytes + AEAD.tagBytes else { return nil }
        let box = SealedPayload(
            nonce: Array(bytes.prefix(AEAD.nonceBytes)),
            ciphertext: Array(bytes.dropFirst(AEAD.nonceBytes)))
        guard
            let plain = try? AEAD.open(
                box, ad: ad(workspaceId: workspaceId, userId: userId), key: key)
        else { return nil }
        return LocalMarks(decoding: plain)
    }

    /// Raises these marks to what `state` remembers (never lowers one).
    mutating func absorb(_ state: UserState) {
        for (athleteId, mark) in state.epochs where mark.epoch > (epochs[athleteId]?.epoch ?? 0) {
            epochs[athleteId] = mark
        }
        for (userId, version) in state.certificates where version > (certificates[userId] ?? 0) {
            certificates[userId] = version
        }
        if state.auditSeq > auditSeq {
            auditSeq = state.auditSeq
            auditHash = state.auditHash
        }
    }

    /// `state` raised to these marks: what the user has verified, here or in the file.
    func raising(_ state: UserState) -> UserState {
        var out = state
        out.note(epochs.map { (athleteId: $0.key, mark: $0.value) })
        for (userId, version) in certificates where version > (out.certificates[userId] ?? 0) {
            out.certificates[userId] = version
        }
        return out
    }
}
