/// A stream's last change held here: its sequence and the stream head after it.
public struct HeldStreamHead: Equatable, Sendable {
    /// The last sequence held, from 1 (0: nothing held yet).
    public let sseq: Int64
    /// The stream head after it.
    public let head: [UInt8]

    /// A held stream head.
    public init(sseq: Int64, head: [UInt8]) {
        self.sseq = sseq
        self.head = head
    }
}
