/// What `sync status` shows: the server, the last sync, what waits, what conflicted, the
/// devices whose clocks were seen more than a day ahead, and the queued changes kept back
/// because access to their athlete was revoked, the server's certified log key (none: the log
/// is not checked) and the log's head this replica verified last.
public struct SyncStatusReport: Codable, Equatable, Sendable {
    /// A device seen with a clock too far ahead.
    public struct SkewedDevice: Codable, Equatable, Sendable {
        public let device: String
        /// The clock its change carried (ISO 8601 UTC).
        public let clock: String
    }

    /// Queued changes to an athlete whose access was revoked since: kept here, never sent.
    public struct RevokedQueue: Codable, Equatable, Sendable {
        /// The athlete's handle (or id, when this user can no longer open it).
        public let athlete: String
        public let changes: Int
    }

    public let server: String
    /// The last completed sync (ISO 8601 UTC), nil before the first.
    public let lastSync: String?
    public let queued: Int
    public let conflicts: Int
    public let devicesWithWrongClock: [SkewedDevice]
    /// Queued changes the server refuses because access was revoked, by athlete.
    public let revoked: [RevokedQueue]
    /// The fingerprint of the server's log key the owner certified; nil while the roster
    /// holds none, and the server's log is not checked.
    public let logKey: String?
    /// The size of the server's log as this replica verified it last; nil before.
    public let logSize: Int64?
    /// The first 8 bytes of that head's root in hex, for people to compare.
    public let logRoot: String?
    /// The size of the log the owner countersigned last (her checkpoint); nil for none.
    public var checkpointSize: Int64? = nil
    /// When the server signed that head (ISO 8601 UTC).
    public var checkpointTime: String? = nil
    /// How old that head is, in whole hours, by this machine's clock.
    public var checkpointAgeHours: Int64? = nil
    /// Set when the log is checked but the owner countersigned it over 7 days ago, or never.
    public var checkpointWarning: String? = nil

    enum CodingKeys: String, CodingKey {
        case server
        case lastSync = "last_sync"
        case queued, conflicts
        case devicesWithWrongClock = "devices_with_wrong_clock"
        case revoked
        case logKey = "log_key"
        case logSize = "log_size"
        case logRoot = "log_root"
        case checkpointSize = "checkpoint_size"
        case checkpointTime = "checkpoint_time"
        case checkpointAgeHours = "checkpoint_age_hours"
        case checkpointWarning = "checkpoint_warning"
    }
}
