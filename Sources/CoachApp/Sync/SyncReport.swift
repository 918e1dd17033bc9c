/// What one `sync` did.
public struct SyncReport: Codable, Equatable, Sendable {
    /// Changes the server took from this machine.
    public var pushed = 0
    /// Changes of others written here.
    public var applied = 0
    /// Conflicts resolved (each kept and listed).
    public var conflicts = 0
    /// Changes still waiting in the outbox.
    public var queued = 0

    public init() {}
}
