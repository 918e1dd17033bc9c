import CoachKit
import CoachSync

extension SyncClient {
    /// Leases waiting check-ins of `athletes` (at most `SyncLimits.maxInboxClaim`).
    func claimInbox(workspace: String, athletes: [AthleteID]) throws -> InboxClaim {
        try call(
            "POST", SyncPath.inboxClaim(workspace), InboxClaimRequest(athletes: athletes),
            as: InboxClaim.self)
    }

    /// Tells the server what became of leased check-ins, which it then deletes.
    ///
    /// - Returns: how many it deleted.
    @discardableResult
    func ackInbox(workspace: String, _ acks: [InboxAckRequest.Ack]) throws -> Int {
        guard !acks.isEmpty else { return 0 }
        return try call(
            "POST", SyncPath.inboxAck(workspace), InboxAckRequest(items: acks),
            as: InboxAckResponse.self
        ).deleted
    }
}
