/// What `coach sync log-reset` shows before the owner resets the server's log, and what it did.
public struct LogResetReport: Codable, Equatable, Sendable {
    /// The size of the log the server signs now.
    public var serverSize: Int64
    /// The first 8 bytes of its root, in hex.
    public var serverRoot: String
    /// The size of the log this machine verified last (nil before one).
    public var localSize: Int64?
    /// The last owner checkpoint this machine holds, if any (its size).
    public var lastCheckpoint: Int64?
    /// The number the reset takes.
    public var counter: Int64
    /// The roster entries this machine pushed that the restored server lacked.
    public var rosterPushed = 0
    /// Whether the reset was pushed (false for the preview).
    public var done = false
    /// The sync this machine ran after the reset (its changes given back to the server).
    public var sync: SyncReport?

    enum CodingKeys: String, CodingKey {
        case serverSize = "server_size"
        case serverRoot = "server_root"
        case localSize = "local_size"
        case lastCheckpoint = "last_checkpoint"
        case counter
        case rosterPushed = "roster_pushed"
        case done, sync
    }

    /// A preview of a reset to `counter` from the server's `serverSize` and this machine's
    /// `localSize`.
    public init(
        serverSize: Int64, serverRoot: String, localSize: Int64?, lastCheckpoint: Int64?,
        counter: Int64
    ) {
        self.serverSize = serverSize
        self.serverRoot = serverRoot
        self.localSize = localSize
        self.lastCheckpoint = lastCheckpoint
        self.counter = counter
    }
}
