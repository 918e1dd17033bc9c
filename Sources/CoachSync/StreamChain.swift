import CoachCrypto

/// The hash chain the server extends over each athlete stream as it accepts changes:
/// `head_n = BLAKE2b-256(head_{n-1} ‖ change hash)`, from 32 zero bytes, where the change hash
/// is `ChangeEnvelope.hash`. A client that pulls a stream recomputes it to see that nothing
/// was left out, reordered or slipped in.
public enum StreamChain {
    /// The head of a stream with no change.
    public static let genesis = [UInt8](repeating: 0, count: 32)

    /// The head after a change whose hash is `changeHash`.
    ///
    /// - Parameters:
    ///   - head: the stream's head before the change.
    ///   - changeHash: `ChangeEnvelope.hash` of the change.
    /// - Returns: the new head.
    public static func next(_ head: [UInt8], changeHash: [UInt8]) -> [UInt8] {
        Hashing.blake2b(head + changeHash)
    }
}
