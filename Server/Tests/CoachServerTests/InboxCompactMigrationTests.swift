import CoachKit
import CoachSync
import Logging
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

/// Migration 11 (inbox-compact): items waiting in the JSON form of migration 10 become compact
/// rows that render the very same items again, with their leases.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct InboxCompactMigrationTests {
    let cluster: PostgresCluster
    let logger = PostgresCluster.logger

    init() async throws { cluster = try await PostgresCluster.shared("InboxCompactMigrationTests") }

    @Test("items waiting as JSON become compact rows that render the same items, leases kept")
    func convertWaitingItems() async throws {
        let url = try await cluster.database(migrated: false)
        let checkin = try CheckinFixture(club: try ClubFixture())
        // Sizes of every bucket, so base64url of every padding length is converted.
        let items = [256, 512, 1024, 2048].enumerated().map { index, size in
            checkin.item(index + 1, size: size, edit: { $0.day = "2026-02-2\(index)" })
        }
        try await withDatabase(url, logger: logger) { client in
            let upTo10 = Migration.all.filter { $0.version <= 10 }
            try await Migrator(client: client, logger: logger, migrations: upTo10).migrate()
            try await client.query(
                """
                INSERT INTO workspaces (ws, owner_user_id, owner_sign_pk, registration)
                VALUES (\(ClubFixture.workspace), 'u', '\\x00', '\\x00');
                """)
            try await client.query(
                """
                INSERT INTO checkin_devices (ws, device_id, athlete_id, approver, sign_pk)
                VALUES (\(ClubFixture.workspace), \(checkin.phoneId.rawValue), 'a-jane', 'u',
                    '\\x00')
                """)
            for (index, item) in items.enumerated() {
                let lease: String? = index == 0 ? "d-carl" : nil
                try await client.query(
                    """
                    INSERT INTO inbox (ws, item, athlete_id, device_id, epoch, day, sent_at,
                        received_at, body, lease_device, lease_until)
                    VALUES (\(ClubFixture.workspace), \(item.item), 'a-jane',
                        \(item.device.rawValue), 1, \(item.day), \(item.sentAt),
                        \(Int64(100 + index)), \(try item.encoded().buffer), \(lease),
                        \(lease == nil ? nil : Int64(5)))
                    """)
            }
            try await Migrator(client: client, logger: logger).migrate()
            let rows = try await client.query(
                """
                SELECT \(unescaped: SyncStore.inboxItemColumns) FROM inbox i
                JOIN checkin_devices d ON d.ws = i.ws AND d.device_id = encode(i.device, 'hex')
                ORDER BY i.received_at
                """, logger: logger
            ).collect()
            #expect(rows.count == items.count)
            for (index, row) in rows.enumerated() where index < items.count {
                let (stored, received) = try SyncStore.inboxItem(row)
                #expect(stored == items[index])
                #expect(try stored.encoded() == (try items[index].encoded()))
                #expect(received == Int64(100 + index))
            }
            let leases = try await client.query(
                "SELECT lease_device, lease_until FROM inbox ORDER BY received_at",
                logger: logger
            ).collect().map { try $0.decode((String?, Int64?).self) }
            #expect(leases.map(\.0) == ["d-carl", nil, nil, nil])
            #expect(leases.map(\.1) == [5, nil, nil, nil])
        }
    }
}
