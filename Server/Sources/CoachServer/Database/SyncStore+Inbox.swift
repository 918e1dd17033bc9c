import CoachKit
import CoachSync
import NIOCore
import PostgresNIO

extension SyncStore {
    /// How a stored post ended: a new item, or the same bytes again.
    public enum InboxPosted: Sendable, Equatable {
        case stored
        case replayed
    }

    /// Stores a posted check-in item after every check: its signed fields, in binary.
    ///
    /// In order: strict decoding and this workspace (`bad_item`); the roster checks
    /// (`InboxCheck`); then, in one transaction, a known item id (the same item again is
    /// `replayed`, so a phone's retry succeeds; another `item_reused`), the device's 24
    /// items a day (`rate_limited`) and the athlete's 200 waiting items (`inbox_full`).
    ///
    /// - Throws: `CheckinProblem`.
    public func postInbox(_ workspace: String, body: [UInt8], now: Int64) async throws
        -> InboxPosted
    {
        do {
            return try await store(workspace, body: body, now: now)
        } catch let problem as CheckinProblem {
            // One line per refused post: its reason and what it names, never its bytes.
            let item = try? CheckinItem.decode(body)
            let names = item.map { " device \($0.device), athlete \($0.athlete)," } ?? ""
            logger.notice(
                "inbox post refused (\(problem.reason.rawValue)):\(names) \(problem.message)")
            throw problem
        }
    }

    private func store(_ workspace: String, body: [UInt8], now: Int64) async throws
        -> InboxPosted
    {
        let item: CheckinItem
        do { item = try CheckinItem.decode(body) } catch {
            throw error == .tooLarge
                ? CheckinProblem(.tooLarge, error.message) : CheckinProblem(.badItem, error.message)
        }
        guard item.workspace == workspace else {
            throw CheckinProblem(.badItem, "the item is for another workspace")
        }
        return try await transaction { connection in
            let roster: VerifiedRoster
            do {
                roster = try await lockedRoster(workspace, on: connection, lock: .read)
            } catch let problem as SyncProblem where problem.reason == .unknownWorkspace {
                throw CheckinProblem(.notFound, problem.message)
            }
            try InboxCheck.check(item, roster: roster, now: now)
            if let known = try await storedItem(item, on: connection) {
                return try Self.replay(known, item)
            }
            try await countPost(item, workspace: workspace, now: now, on: connection)
            let inserted = try await connection.query(
                """
                INSERT INTO inbox (item, received_at, sent_at, epoch, day, ws, device, enc,
                    ciphertext, signature)
                VALUES (\(item.item)::uuid, \(now), \(item.sentAt), \(item.epoch),
                    \(item.day)::date, \(workspace), decode(\(item.device.rawValue), 'hex'),
                    \(item.enc.buffer), \(item.ciphertext.buffer), \(item.signature.buffer))
                ON CONFLICT (item) DO NOTHING RETURNING 1
                """, logger: logger
            ).collect()
            guard inserted.isEmpty else { return .stored }
            return try Self.replay(try await storedItem(item, on: connection), item)
        }
    }

    /// The item stored under `posted`'s id, rendered again, if there is one (item ids are
    /// unique on the server: one of another workspace is another item).
    private func storedItem(_ posted: CheckinItem, on connection: PostgresConnection)
        async throws -> CheckinItem?
    {
        let rows = try await connection.query(
            """
            SELECT \(unescaped: Self.inboxItemColumns) FROM inbox i
            JOIN checkin_devices d ON d.ws = i.ws AND d.device_id = encode(i.device, 'hex')
            WHERE i.item = \(posted.item)::uuid
            """, logger: logger
        ).collect()
        return try rows.first.map { try Self.inboxItem($0).item }
    }

    /// A known item posted again: the same item is a retry, another a reuse of its id.
    private static func replay(_ stored: CheckinItem?, _ posted: CheckinItem) throws
        -> InboxPosted
    {
        guard stored == posted else {
            throw CheckinProblem(.itemReused, "this item id was posted with other bytes")
        }
        return .replayed
    }

    /// Counts a post in its device's 24-hour window and checks the athlete's waiting items.
    private func countPost(
        _ item: CheckinItem, workspace: String, now: Int64, on connection: PostgresConnection
    ) async throws {
        let day = SyncLimits.checkinClockAheadMilliseconds
        let posts = try await connection.query(
            """
            UPDATE checkin_devices SET
                window_posts = CASE WHEN window_start > \(now - day) THEN window_posts + 1
                    ELSE 1 END,
                window_start = CASE WHEN window_start > \(now - day) THEN window_start
                    ELSE \(now) END
            WHERE ws = \(workspace) AND device_id = \(item.device.rawValue)
            RETURNING window_posts
            """, logger: logger
        ).collect().first?.decode(Int32.self)
        guard let posts, posts <= SyncLimits.checkinItemsPerDevicePerDay else {
            throw CheckinProblem(
                .rateLimited,
                "check-in device \(item.device) posted \(SyncLimits.checkinItemsPerDevicePerDay) "
                    + "items in 24 hours: try again tomorrow")
        }
        let pending =
            try await connection.query(
                """
                SELECT count(*) FROM inbox i
                JOIN checkin_devices d ON d.ws = i.ws AND i.device = decode(d.device_id, 'hex')
                WHERE d.ws = \(workspace) AND d.athlete_id = \(item.athlete.rawValue)
                """, logger: logger
            ).collect().first?.decode(Int64.self) ?? 0
        guard pending < SyncLimits.maxPendingCheckins else {
            throw CheckinProblem(
                .inboxFull,
                "athlete \(item.athlete)'s inbox holds \(SyncLimits.maxPendingCheckins) items "
                    + "waiting: a coach's or the athlete's sync drains it")
        }
    }
}
