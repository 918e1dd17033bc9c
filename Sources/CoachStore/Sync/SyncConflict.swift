import CoachKit
import CoachTrust

/// A conflict sync resolved: the record, the change that won and the one that lost (kept,
/// never dropped), each with its device and clock.
public struct SyncConflict: Equatable, Sendable {
    /// One side of a conflict.
    public struct Side: Equatable, Sendable {
        public let device: DeviceID
        public let author: UserID
        public let clock: HybridTimestamp
        public let operation: ChangeOperation
        /// The record as that side had it (nil for a delete, or when it does not open).
        public let payload: [UInt8]?
    }

    public let athleteId: AthleteID
    public let object: String
    public let kind: String
    public let day: String
    public let winner: Side
    public let loser: Side
    /// When this replica resolved it (Unix milliseconds).
    public let foundAt: Int64
    /// The device that resolved it, which signs its conflict note: this machine's for one
    /// resolved here, the note's signer for one pulled; nil for one kept before replicas kept
    /// it.
    public let resolver: DeviceID?
}
