import CoachKit
import CoachSync
import NIOCore
import PostgresNIO

extension SyncStore {
    /// Leases up to `limit` waiting items (unleased, or their lease ended) of athletes the
    /// signed-in user may read, oldest first, to the signed-in device.
    ///
    /// - Throws: `SyncProblem` (`malformed`, `out_of_role`).
    public func claimInbox(
        _ request: InboxClaimRequest, session: SessionDevice, now: Int64
    ) async throws -> InboxClaim {
        guard (1...SyncLimits.maxInboxClaim).contains(request.limit),
            (1...SyncLimits.maxInboxClaim).contains(request.athletes.count)
        else {
            throw SyncProblem.refuse(
                .malformed,
                "a claim names 1 to \(SyncLimits.maxInboxClaim) athletes and a limit of 1 to "
                    + "\(SyncLimits.maxInboxClaim)")
        }
        let until = now + SyncLimits.inboxLeaseMilliseconds
        return try await transaction { connection in
            let roster = try await lockedRoster(session.workspace, on: connection, lock: .read)
            for athlete in request.athletes where !roster.mayRead(athlete, user: session.user) {
                throw SyncProblem.refuse(
                    .outOfRole,
                    "user \(session.user.handle) may not read athlete \(athlete)'s inbox",
                    device: session.device)
            }
            let rows = try await connection.query(
                """
                UPDATE inbox SET lease_device = \(session.device.rawValue),
                    lease_until = \(until)
                WHERE (ws, item) IN (
                    SELECT ws, item FROM inbox
                    WHERE ws = \(session.workspace)
                        AND athlete_id = ANY(\(request.athletes.map(\.rawValue)))
                        AND (lease_until IS NULL OR lease_until < \(now))
                    ORDER BY received_at, item LIMIT \(request.limit)
                    FOR UPDATE SKIP LOCKED)
                RETURNING item, athlete_id, body, received_at
                """, logger: logger)
            var items: [InboxClaimedItem] = []
            for try await (item, athlete, body, received) in rows.decode(
                (String, String, ByteBuffer, Int64).self)
            {
                items.append(
                    InboxClaimedItem(
                        item: item, athlete: AthleteID(athlete), body: body.array,
                        receivedAt: received))
            }
            items.sort { ($0.receivedAt, $0.item) < ($1.receivedAt, $1.item) }
            return InboxClaim(items: items, leaseUntil: until)
        }
    }

    /// Deletes the acknowledged items whose lease the signed-in device holds; one log line
    /// per item refused or dropped, naming it, never its content.
    ///
    /// - Throws: `SyncProblem` (`malformed`).
    public func ackInbox(
        _ request: InboxAckRequest, session: SessionDevice, now: Int64
    ) async throws -> InboxAckResponse {
        guard request.items.count <= SyncLimits.maxInboxClaim else {
            throw SyncProblem.refuse(
                .malformed, "an ack names at most \(SyncLimits.maxInboxClaim) items")
        }
        let ids = request.items.map(\.item)
        let deleted = try await client.query(
            """
            DELETE FROM inbox
            WHERE ws = \(session.workspace) AND item = ANY(\(ids))
                AND lease_device = \(session.device.rawValue) AND lease_until >= \(now)
            RETURNING item
            """, logger: logger
        ).collect().count
        for ack in request.items where ack.outcome != .applied {
            logger.notice(
                "inbox item \(ack.item) \(ack.outcome.rawValue) by device \(session.device)")
        }
        return InboxAckResponse(deleted: deleted)
    }

    /// The waiting items of each of `athletes` that has some.
    func inboxCounts(
        _ workspace: String, _ athletes: [String], on connection: PostgresConnection
    ) async throws -> [String: Int] {
        let rows = try await connection.query(
            """
            SELECT athlete_id, count(*) FROM inbox
            WHERE ws = \(workspace) AND athlete_id = ANY(\(athletes))
            GROUP BY athlete_id
            """, logger: logger)
        var counts: [String: Int] = [:]
        for try await (athlete, count) in rows.decode((String, Int64).self) {
            counts[athlete] = Int(count)
        }
        return counts
    }
}
