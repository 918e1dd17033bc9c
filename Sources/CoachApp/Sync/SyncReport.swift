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
    /// The other users of this workspace file whose queued changes some of this user's queued
    /// changes were made on top of: they wait until those users sync.
    public var waitingFor: [String] = []
    /// The fingerprint of the server's log key the owner certified in this sync (publish, or
    /// the first sync of a workspace published before the log), if any.
    public var serverKey: String?
    /// What became of the check-ins phones sent (written, refused, dropped).
    public var checkins = CheckinIngestReport()
    /// The CPU time of this sync's checks of the served log (heads, consistency and
    /// inclusion proofs), in microseconds; measured only when asked (`logCPUVariable`).
    public var logCheckMicros: Int64?
    /// Changes this machine gave back to the server after the owner's log reset.
    public var restored = 0
    /// The size of the log the owner countersigned in this sync (her last checkpoint was over
    /// a day old and the log grew), if any.
    public var checkpointed: UInt64?
    /// Changes whose superseded bodies the server dropped at this sync's request (after a
    /// rekey of an athlete was pushed); asked once per athlete and epoch.
    public var redacted = 0

    public init() {}
}
