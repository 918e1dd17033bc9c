import CoachKit

/// `POST /v1/ws/{ws}/pull`: the changes after a cursor in each stream the caller may read.
///
/// Only per-stream order is guaranteed, so the cursor is a stream sequence per athlete stream
/// (an athlete missing from `cursors` is read from its start).
public struct PullRequest: Codable, Equatable, Sendable {
    /// The last stream sequence the caller holds, by athlete id.
    public var cursors: [String: Int64]
    /// The most changes to answer with (at most `SyncLimits.maxPullChanges`).
    public var limit: Int
    /// The size of the newest tree head the caller verified: the answer proves the served
    /// head consistent with it (absent: no proof).
    public var logSize: Int64?

    enum CodingKeys: String, CodingKey {
        case cursors, limit
        case logSize = "log_size"
    }

    /// A pull from `cursors`.
    public init(
        cursors: [String: Int64], limit: Int = SyncLimits.maxPullChanges, logSize: Int64? = nil
    ) {
        self.cursors = cursors
        self.limit = limit
        self.logSize = logSize
    }
}

/// One pulled change: its stream, sequence, the stream head after it, and the envelope
/// (`ChangeEnvelope.encoded()`), which the client verifies itself.
public struct PulledChange: Codable, Equatable, Sendable {
    public var stream: AthleteID
    public var sseq: Int64
    public var streamHead: SyncBytes
    public var change: SyncBytes

    enum CodingKeys: String, CodingKey {
        case stream, sseq
        case streamHead = "stream_head"
        case change
    }

    /// A pulled change.
    public init(stream: AthleteID, sseq: Int64, streamHead: [UInt8], change: [UInt8]) {
        self.stream = stream
        self.sseq = sseq
        self.streamHead = SyncBytes(streamHead)
        self.change = SyncBytes(change)
    }
}

/// Where one readable stream stands on the server.
public struct StreamState: Codable, Equatable, Sendable {
    public var stream: AthleteID
    public var sseq: Int64
    public var head: SyncBytes
    /// The athlete's current key epoch: the server takes changes only under it.
    public var epoch: Int64

    /// A stream's position.
    public init(stream: AthleteID, sseq: Int64, head: [UInt8], epoch: Int64) {
        self.stream = stream
        self.sseq = sseq
        self.head = SyncBytes(head)
        self.epoch = epoch
    }
}

/// The answer to a pull: changes in stream order (each stream's changes consecutive, by
/// sequence), the readable streams' positions, whether every stream was read to its end, and
/// the roster's head as the pull read it (absent from servers that predate it).
public struct PullResponse: Codable, Equatable, Sendable {
    public var changes: [PulledChange]
    public var streams: [StreamState]
    public var done: Bool
    /// The roster head the server checked this pull against: a client holding this head
    /// need not read the roster.
    public var rosterHead: RosterHead?
    /// The log (issue 27): the newest signed tree head, which covers every change served.
    public var treeHead: ServerTreeHead?
    /// The consistency proof from the request's `log_size` to `treeHead`.
    public var consistency: [SyncBytes]?
    /// Each served stream's last change in the log, with its inclusion proof in `treeHead`.
    public var inclusions: [LogInclusion]?
    /// Waiting check-ins by readable athlete id (only athletes with some; absent from servers
    /// that predate the check-in inbox), so an empty inbox costs no request.
    public var inbox: [String: Int]?

    enum CodingKeys: String, CodingKey {
        case changes, streams, done
        case rosterHead = "roster_head"
        case treeHead = "tree_head"
        case consistency, inclusions, inbox
    }

    /// A page of changes.
    public init(
        changes: [PulledChange], streams: [StreamState], done: Bool, rosterHead: RosterHead? = nil,
        inbox: [String: Int]? = nil
    ) {
        self.changes = changes
        self.streams = streams
        self.done = done
        self.rosterHead = rosterHead
        self.inbox = inbox
    }
}
