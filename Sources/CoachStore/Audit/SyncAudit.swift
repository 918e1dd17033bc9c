/// What `audit verify` checked of a synced workspace beyond its local audit chain: every
/// change this replica holds behind its records, and the newest signed head of the server's
/// log it verified.
public struct SyncAudit: Codable, Sendable, Equatable {
    /// How many held change envelopes verified: each signed by its device, a device of the
    /// roster certified for the change's author.
    public let changes: Int
    /// The size of the verified head of the server's log, checked again under the key the
    /// owner certified (nil: no log is checked yet).
    public let logSize: UInt64?
    /// Whether the log was checked online (each stream head's inclusion); false: offline,
    /// only what the file holds.
    public var logChecked: Bool

    /// An outcome.
    public init(changes: Int, logSize: UInt64?, logChecked: Bool) {
        self.changes = changes
        self.logSize = logSize
        self.logChecked = logChecked
    }

    enum CodingKeys: String, CodingKey {
        case changes
        case logSize = "log_size"
        case logChecked = "log_checked"
    }
}
