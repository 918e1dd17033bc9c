import CoachKit
import CoachTrust

/// The state of a replica that syncs: its server, its last sync, what waits, what conflicted,
/// and which devices' clocks were seen too far ahead.
public struct SyncStatus: Equatable, Sendable {
    /// A device whose change carried a clock more than a day ahead of this machine's.
    public struct SkewedDevice: Equatable, Sendable {
        public let device: DeviceID
        public let clock: HybridTimestamp
    }

    /// The server's address.
    public let server: String
    /// Unix milliseconds of the last completed sync, nil before the first.
    public let lastSync: Int64?
    /// How many changes wait in the outbox.
    public let queued: Int
    /// How many conflicts sync resolved and kept.
    public let conflicts: Int
    /// The devices seen with a clock too far ahead.
    public let skewedDevices: [SkewedDevice]
}
