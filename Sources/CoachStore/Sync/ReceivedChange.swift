import CoachCrypto
import CoachKit

/// One change of an athlete stream as a pull returns it: its place in the stream, the
/// stream's hash-chain head after it, and the envelope's canonical bytes.
public struct ReceivedChange: Equatable, Sendable {
    /// The athlete whose stream it is in.
    public let athleteId: AthleteID
    /// Its sequence number in the stream, from 1.
    public let sseq: Int64
    /// The stream's head after it: BLAKE2b-256 of the previous head and the change's hash.
    public let streamHead: [UInt8]
    /// `ChangeEnvelope.encoded()`.
    public let envelope: [UInt8]

    /// A change at `sseq` of the athlete's stream.
    public init(athleteId: AthleteID, sseq: Int64, streamHead: [UInt8], envelope: [UInt8]) {
        self.athleteId = athleteId
        self.sseq = sseq
        self.streamHead = streamHead
        self.envelope = envelope
    }

    /// The head of an empty stream.
    public static let genesisHead = [UInt8](repeating: 0, count: 32)

    /// The stream's head after a change whose hash is `changeHash`.
    public static func head(after previous: [UInt8], changeHash: [UInt8]) -> [UInt8] {
        Hashing.blake2b(previous + changeHash)
    }
}
