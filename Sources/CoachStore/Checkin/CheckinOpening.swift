import CoachSync

/// One claimed check-in after its checks: the item, its phone's name, and what it holds.
public struct CheckinOpening: Sendable {
    /// What a check-in held, or why it is not written.
    public enum Outcome: Sendable, Equatable {
        /// The plaintext JSON the phone sealed, unpadded.
        case plaintext([UInt8])
        /// This replica ingested it already (its ledger names it): only the ack was lost.
        case ingested
        /// Its phone is revoked: dropped unread.
        case revoked
        /// It does not open or unpad; the reason in one line.
        case unopened(String)
    }

    /// The item as the phone signed it.
    public let item: CheckinItem
    /// The phone's name, as its certificate gives it.
    public let phone: String
    /// What it holds.
    public let outcome: Outcome
}
