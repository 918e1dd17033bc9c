import CoachKit
import CoachSync
import Foundation
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
            // Waiting items are found by their athlete's devices; each is answered as the
            // contract's JSON, rendered again from its signed fields.
            let rows = try await connection.query(
                """
                UPDATE inbox i SET lease_device = \(session.device.rawValue),
                    lease_until = \(until)
                FROM checkin_devices d
                WHERE d.ws = i.ws AND d.device_id = encode(i.device, 'hex')
                    AND (i.ws, i.item) IN (
                        SELECT w.ws, w.item FROM inbox w
                        JOIN checkin_devices a ON a.ws = w.ws
                            AND w.device = decode(a.device_id, 'hex')
                        WHERE a.ws = \(session.workspace)
                            AND a.athlete_id = ANY(\(request.athletes.map(\.rawValue)))
                            AND (w.lease_until IS NULL OR w.lease_until < \(now))
                        ORDER BY w.received_at, w.item LIMIT \(request.limit)
                        FOR UPDATE OF w SKIP LOCKED)
                RETURNING \(unescaped: Self.inboxItemColumns)
                """, logger: logger
            ).collect()
            var items: [InboxClaimedItem] = []
            for row in rows {
                let (item, received) = try Self.inboxItem(row)
                items.append(
                    InboxClaimedItem(
                        item: item.item, athlete: item.athlete, body: try item.encoded(),
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
        // Only well-formed ids can name a stored item (a uuid column).
        let ids = request.items.map(\.item).filter { UUID(uuidString: $0) != nil }
        let deleted = try await client.query(
            """
            DELETE FROM inbox
            WHERE ws = \(session.workspace) AND item = ANY(\(ids)::uuid[])
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
            SELECT d.athlete_id, count(*) FROM inbox i
            JOIN checkin_devices d ON d.ws = i.ws AND i.device = decode(d.device_id, 'hex')
            WHERE d.ws = \(workspace) AND d.athlete_id = ANY(\(athletes))
            GROUP BY d.athlete_id
            """, logger: logger)
        var counts: [String: Int] = [:]
        for try await (athlete, count) in rows.decode((String, Int64).self) {
            counts[athlete] = Int(count)
        }
        return counts
    }
}
