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
    /// The size of the owner's checkpoint held here, checked again: her signature, the
    /// certified log key's over its head, and (offline) a head of the held size with the
    /// held root; online, its consistency with the held head proved (nil: none held).
    public let checkpointSize: UInt64?

    /// An outcome.
    public init(
        changes: Int, logSize: UInt64?, logChecked: Bool, checkpointSize: UInt64? = nil
    ) {
        self.changes = changes
        self.logSize = logSize
        self.logChecked = logChecked
        self.checkpointSize = checkpointSize
    }

    enum CodingKeys: String, CodingKey {
        case changes
        case logSize = "log_size"
        case logChecked = "log_checked"
        case checkpointSize = "checkpoint_size"
    }
}
