/// What `sync status` shows: the server, the last sync, what waits, what conflicted, and the
/// devices whose clocks were seen more than a day ahead.
public struct SyncStatusReport: Codable, Equatable, Sendable {
    /// A device seen with a clock too far ahead.
    public struct SkewedDevice: Codable, Equatable, Sendable {
        public let device: String
        /// The clock its change carried (ISO 8601 UTC).
        public let clock: String
    }

    public let server: String
    /// The last completed sync (ISO 8601 UTC), nil before the first.
    public let lastSync: String?
    public let queued: Int
    public let conflicts: Int
    public let devicesWithWrongClock: [SkewedDevice]

    enum CodingKeys: String, CodingKey {
        case server
        case lastSync = "last_sync"
        case queued, conflicts
        case devicesWithWrongClock = "devices_with_wrong_clock"
    }
}
