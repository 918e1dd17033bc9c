import CoachSync
import CoachTrust

/// Consecutive changes of one stream as the `runs` table stores them: one row per pushed batch
/// and stream, so that the row and index overhead is paid once per run, the header fields the
/// changes repeat (workspace, stream, device, author) compress, and the stream head after each
/// change is recomputed on read from the head before the run instead of being stored.
///
/// The body is each change as a 4-byte big-endian word (its stored length; the top bit set when
/// its previous hash is elided) and the stored bytes. A compact envelope whose previous hash is
/// the hash of the change before it in the run is stored with 32 zero bytes in its place, which
/// compress to almost nothing; reading decodes it, puts the hash back and encodes it again,
/// which gives back exactly the bytes pushed (an envelope has one encoding, and the elision is
/// only kept when encoding the pushed change gives back its bytes). Anything else is stored as
/// pushed. Reading never refuses: a damaged run is served as far as it reads, the rest as one
/// change, so a client names the alteration (exit 74) instead of the server hiding it.
enum ChangeRun {
    /// The word's bit saying the previous hash was elided.
    static let elided: UInt32 = 0x8000_0000

    /// The body that stores `envelopes` (one stream's changes, in order, as `encoded`).
    ///
    /// - Parameters:
    ///   - envelopes: the decoded changes.
    ///   - encoded: each change's bytes as pushed.
    /// - Returns: the stored body.
    static func pack(_ envelopes: [ChangeEnvelope], encoded: [[UInt8]]) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(encoded.reduce(0) { $0 + $1.count + 4 })
        for (index, bytes) in encoded.enumerated() {
            var stored = bytes
            var word = UInt32(bytes.count)
            if index > 0, let zeroed = elide(envelopes[index], bytes, after: envelopes[index - 1]) {
                stored = zeroed
                word |= elided
            }
            body += (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) }
            body += stored
        }
        return body
    }

    /// The change with its previous hash zeroed, when that hash is `before`'s and encoding the
    /// change gives back `bytes`; nil otherwise.
    private static func elide(
        _ envelope: ChangeEnvelope, _ bytes: [UInt8], after before: ChangeEnvelope
    )
        -> [UInt8]?
    {
        guard envelope.previousHash == before.hash, envelope.encoded() == bytes else { return nil }
        var zeroed = envelope
        zeroed.previousHash = ChangeEnvelope.genesisHash
        let stored = zeroed.encoded()
        return stored.count == bytes.count ? stored : nil
    }

    /// The changes a body stores, each as pushed, with the stream head after it.
    ///
    /// - Parameters:
    ///   - body: the stored body.
    ///   - head: the stream's head before the run.
    /// - Returns: each change's bytes and the head after it.
    static func unpack(_ body: [UInt8], head: [UInt8]) -> [(bytes: [UInt8], head: [UInt8])] {
        var changes: [(bytes: [UInt8], head: [UInt8])] = []
        var head = head
        var previous: ChangeEnvelope?
        var offset = 0
        while offset < body.count {
            var bytes: [UInt8]
            var isElided = false
            if body.count - offset >= 4 {
                let word = body[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                let length = Int(word & ~elided)
                if length <= body.count - offset - 4 {
                    bytes = Array(body[offset + 4..<offset + 4 + length])
                    isElided = word & elided != 0
                    offset += 4 + length
                } else {
                    bytes = Array(body[offset...])
                    offset = body.count
                }
            } else {
                bytes = Array(body[offset...])
                offset = body.count
            }
            var envelope = try? ChangeEnvelope.decode(bytes)
            if isElided, var restored = envelope, let previous {
                restored.previousHash = previous.hash
                bytes = restored.encoded()
                envelope = restored
            }
            if let envelope { head = StreamChain.next(head, changeHash: envelope.hash) }
            previous = envelope
            changes.append((bytes, head))
        }
        return changes
    }
}
