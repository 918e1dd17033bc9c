import CoachKit

/// `GET /v1/ws/{ws}/roster?after=N`: the roster entries after the first `N`, in order, and
/// where the roster stands.
public struct RosterPage: Codable, Equatable, Sendable {
    /// The workspace's registration, which holds its trust anchor.
    public var registration: WorkspaceRegistration
    /// How many entries precede the first one here (the request's `after`).
    public var after: Int64
    public var entries: [RosterEntry]
    /// The head after the last entry returned.
    public var head: RosterHead
    /// Whether the page reaches the roster's current head.
    public var done: Bool
    /// The log (issue 27): the newest signed tree head.
    public var treeHead: ServerTreeHead?
    /// The consistency proof from the request's `log_size` to `treeHead`.
    public var consistency: [SyncBytes]?
    /// The page's last entry in the log, with its inclusion proof in `treeHead`.
    public var inclusion: LogInclusion?

    enum CodingKeys: String, CodingKey {
        case registration, after, entries, head, done
        case treeHead = "tree_head"
        case consistency, inclusion
    }

    /// A page of entries.
    public init(
        registration: WorkspaceRegistration, after: Int64, entries: [RosterEntry],
        head: RosterHead, done: Bool
    ) {
        self.registration = registration
        self.after = after
        self.entries = entries
        self.head = head
        self.done = done
    }
}

/// `POST /v1/ws/{ws}/roster`: entries to append, made on the roster at `expectedHead`.
public struct RosterPush: Codable, Equatable, Sendable {
    public var expectedHead: RosterHead
    public var entries: [RosterEntry]

    enum CodingKeys: String, CodingKey {
        case expectedHead = "expected_head"
        case entries
    }

    /// A push of `entries` on the roster at `expectedHead`.
    public init(expectedHead: RosterHead, entries: [RosterEntry]) {
        self.expectedHead = expectedHead
        self.entries = entries
    }
}

/// The answer to an accepted roster push: the new head.
public struct RosterPushResponse: Codable, Equatable, Sendable {
    public var head: RosterHead

    /// The roster's head after the push.
    public init(head: RosterHead) { self.head = head }
}

/// `POST /v1/ws/{ws}/join`, without a session: what a new machine needs before it has a
/// device — the registration and the user's roster entry with the sealed key row.
///
/// Answered only to the holder of a live invitation code for that user (`JoinCode`).
public struct JoinRequest: Codable, Equatable, Sendable {
    public var handle: String
    /// The invitation code's proof (`JoinCode.proof(of:)`), never the code; read as a code is
    /// (`JoinCode.normalized`).
    public var code: String

    /// A request for the user named `handle`, proving the invitation `code`.
    public init(handle: String, code: String) {
        self.handle = handle
        self.code = code
    }
}

/// The answer to a join request.
public struct JoinResponse: Codable, Equatable, Sendable {
    public var registration: WorkspaceRegistration
    public var user: RosterUser
    public var rosterHead: RosterHead
    /// The invitation's owner binding as the inviting user sent it (`JoinCode.binding`).
    public var binding: SyncBytes

    enum CodingKeys: String, CodingKey {
        case registration, user, binding
        case rosterHead = "roster_head"
    }

    /// The workspace's registration, the user, the roster head and the invitation's binding.
    public init(
        registration: WorkspaceRegistration, user: RosterUser, rosterHead: RosterHead,
        binding: [UInt8]
    ) {
        self.registration = registration
        self.user = user
        self.rosterHead = rosterHead
        self.binding = SyncBytes(binding)
    }
}
