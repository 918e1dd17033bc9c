import CoachKit

/// `POST /v1/ws/{ws}/inbox/claim`: a full device leases waiting check-ins of athletes it may
/// read, for `SyncLimits.inboxLeaseMilliseconds`.
public struct InboxClaimRequest: Codable, Equatable, Sendable {
    public var athletes: [AthleteID]
    /// The most items to lease (at most `SyncLimits.maxInboxClaim`).
    public var limit: Int

    /// A claim.
    public init(athletes: [AthleteID], limit: Int = SyncLimits.maxInboxClaim) {
        self.athletes = athletes
        self.limit = limit
    }
}

/// One leased check-in: the item's bytes exactly as the phone posted them.
public struct InboxClaimedItem: Codable, Equatable, Sendable {
    public var item: String
    public var athlete: AthleteID
    /// The `CheckinItem` JSON, rendered again from the fields the server stored.
    public var body: SyncBytes
    /// When the server received it, in Unix milliseconds.
    public var receivedAt: Int64

    enum CodingKeys: String, CodingKey {
        case item, athlete, body
        case receivedAt = "received_at"
    }

    /// A leased item.
    public init(item: String, athlete: AthleteID, body: [UInt8], receivedAt: Int64) {
        self.item = item
        self.athlete = athlete
        self.body = SyncBytes(body)
        self.receivedAt = receivedAt
    }
}

/// The answer to a claim: the leased items, oldest first, and when the lease ends.
public struct InboxClaim: Codable, Equatable, Sendable {
    public var items: [InboxClaimedItem]
    /// When the lease ends, in Unix milliseconds.
    public var leaseUntil: Int64

    enum CodingKeys: String, CodingKey {
        case items
        case leaseUntil = "lease_until"
    }

    /// A lease of `items` until `leaseUntil`.
    public init(items: [InboxClaimedItem], leaseUntil: Int64) {
        self.items = items
        self.leaseUntil = leaseUntil
    }
}

/// `POST /v1/ws/{ws}/inbox/ack`: the lease holder is done with items, which the server then
/// deletes. The outcome is for the server's log and metrics only.
public struct InboxAckRequest: Codable, Equatable, Sendable {
    /// What the claimant did with one item.
    public struct Ack: Codable, Equatable, Sendable {
        /// What became of an item.
        public enum Outcome: String, Codable, Sendable {
            /// Written as a record.
            case applied
            /// Refused (it did not open, or did not validate).
            case refused
            /// Dropped unread (its device was revoked).
            case dropped
        }

        public var item: String
        public var outcome: Outcome
        /// One line, for a refusal.
        public var reason: String?

        /// An acknowledgement.
        public init(item: String, outcome: Outcome, reason: String? = nil) {
            self.item = item
            self.outcome = outcome
            self.reason = reason
        }
    }

    public var items: [Ack]

    /// An acknowledgement of `items`.
    public init(items: [Ack]) { self.items = items }
}

/// The answer to an ack: how many of the items were deleted (those whose lease the caller
/// held).
public struct InboxAckResponse: Codable, Equatable, Sendable {
    public var deleted: Int

    /// An answer.
    public init(deleted: Int) { self.deleted = deleted }
}
