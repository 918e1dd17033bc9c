import CoachApp
import CoachKit
import CoachSync
import Foundation

extension FakeSyncServer {
    /// The fake's check-in inbox: items stored as posted (the real server's checks of a post
    /// are the server's tests), leased by a claim until acknowledged or `expireLeases()`.
    struct Inbox {
        struct Item {
            var item: String
            var athlete: AthleteID
            var body: [UInt8]
            var receivedAt: Int64
            var leased = false
        }

        var items: [Item] = []
        /// Every acknowledgement received, in order.
        var acks: [InboxAckRequest.Ack] = []
        /// Claims answered.
        var claims = 0
        /// Drop the next ack unanswered, as a connection cut before it arrived.
        var loseNextAck = false
    }

    /// Stores `item` as a phone's post would, with no check.
    func post(_ item: CheckinItem) throws {
        try post(item.encoded(), athlete: item.athlete, id: item.item)
    }

    /// Stores raw bytes as an item of `athlete`, as an operator writing the table would.
    func post(_ body: [UInt8], athlete: AthleteID, id: String) {
        state.withLock { s in
            s.inbox.items.append(
                Inbox.Item(
                    item: id, athlete: athlete, body: body,
                    receivedAt: Int64(s.inbox.items.count + 1)))
        }
    }

    /// Ends every lease, as five minutes passing would.
    func expireLeases() {
        state.withLock { s in
            for i in s.inbox.items.indices { s.inbox.items[i].leased = false }
        }
    }

    /// The waiting items per athlete of those `readable` (every athlete when nil).
    func inboxCounts(_ readable: Set<AthleteID>?) -> [String: Int] {
        state.withLock { s in
            var counts: [String: Int] = [:]
            for item in s.inbox.items where readable?.contains(item.athlete) ?? true {
                counts[item.athlete.rawValue, default: 0] += 1
            }
            return counts
        }
    }

    /// `POST …/inbox`, `…/inbox/claim` and `…/inbox/ack`.
    func inbox(_ request: SyncHTTPRequest) throws -> SyncHTTPResponse {
        let body = request.body ?? []
        if request.path.hasSuffix("/claim") {
            let claim = try SyncJSON.decode(InboxClaimRequest.self, from: body)
            let readable = readable(request)
            guard claim.athletes.allSatisfy({ readable?.contains($0) ?? true }) else {
                let problem = SyncProblem(status: 403, reason: .outOfRole, message: "not yours")
                return SyncHTTPResponse(status: 403, body: try SyncJSON.encode(problem))
            }
            let items = state.withLock { s -> [InboxClaimedItem] in
                s.inbox.claims += 1
                var served: [InboxClaimedItem] = []
                for i in s.inbox.items.indices
                where served.count < claim.limit && !s.inbox.items[i].leased
                    && claim.athletes.contains(s.inbox.items[i].athlete)
                {
                    s.inbox.items[i].leased = true
                    let item = s.inbox.items[i]
                    served.append(
                        InboxClaimedItem(
                            item: item.item, athlete: item.athlete, body: item.body,
                            receivedAt: item.receivedAt))
                }
                return served
            }
            return try ok(InboxClaim(items: items, leaseUntil: 300_000))
        }
        if request.path.hasSuffix("/ack") {
            let ack = try SyncJSON.decode(InboxAckRequest.self, from: body)
            let lost = state.withLock { s -> Bool in
                guard !s.inbox.loseNextAck else {
                    s.inbox.loseNextAck = false
                    return true
                }
                s.inbox.acks += ack.items
                return false
            }
            if lost {
                throw SyncRemoteFailure.unreachable(server: "fake", detail: "connection cut")
            }
            let deleted = state.withLock { s -> Int in
                let named = Set(ack.items.map(\.item))
                let before = s.inbox.items.count
                s.inbox.items.removeAll { $0.leased && named.contains($0.item) }
                return before - s.inbox.items.count
            }
            return try ok(InboxAckResponse(deleted: deleted))
        }
        let item = try CheckinItem.decode(body)
        try post(item)
        return SyncHTTPResponse(status: 201, body: Array("{}".utf8))
    }
}
