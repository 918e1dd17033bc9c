import Logging
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

/// Migration 5 (stream keys): rows stored under version 3 move to their stream's integer key,
/// and each object's id to the same key bytes the server computes for a push.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct StreamKeyMigrationTests {
    let cluster: PostgresCluster
    let logger = PostgresCluster.logger

    init() async throws { cluster = try await PostgresCluster.shared("StreamKeyMigrationTests") }

    /// Object ids, and the length of the key each takes.
    static let objects: [(String, Int)] = [
        ("0f8e7d6c-5b4a-4938-8271-605f4e3d2c1b", 16),
        ("0F8E7D6C-5B4A-4938-8271-605F4E3D2C1B", 36),
        ("week-2026-W47", 13),
        ("sixteen-chars-id", 17),
        ("réunion", 8),
    ]

    @Test("An object's key is a lowercase UUID's 16 bytes, else its text", arguments: objects)
    func key(object: String, length: Int) {
        let key = StoredObjectID.key(object)
        #expect(key.count == length)
        let others = Self.objects.map(\.0).filter { $0 != object }
        #expect(others.allSatisfy { StoredObjectID.key($0) != key })
    }

    @Test("Changes and objects of version 3 move to stream keys, unchanged otherwise")
    func moveRows() async throws {
        let url = try await cluster.database(migrated: false)
        try await withDatabase(url, logger: logger) { client in
            let earlier = Migration.all.filter { $0.version <= 3 }
            try await Migrator(client: client, logger: logger, migrations: earlier).migrate()
            try await client.query(
                """
                INSERT INTO workspaces (ws, owner_user_id, owner_sign_pk, registration)
                VALUES ('w', 'u', '\\x00', '\\x00');
                """)
            for athlete in ["a-1", "a-2"] {
                try await client.query(
                    """
                    INSERT INTO streams (ws, athlete_id, sseq, head)
                    VALUES ('w', \(athlete), 2, '\\x01')
                    """)
                for sseq in [Int64(1), 2] {
                    let envelope = ByteBuffer(string: "\(athlete) change \(sseq)")
                    try await client.query(
                        """
                        INSERT INTO changes (ws, athlete_id, sseq, head, envelope)
                        VALUES ('w', \(athlete), \(sseq), '\\x02', \(envelope))
                        """)
                }
                for (index, (object, _)) in Self.objects.enumerated() {
                    try await client.query(
                        """
                        INSERT INTO objects (ws, athlete_id, object, version)
                        VALUES ('w', \(athlete), \(object), \(Int64(index + 1)))
                        """)
                }
            }
            let upTo5 = Migration.all.filter { $0.version <= 5 }
            try await Migrator(client: client, logger: logger, migrations: upTo5).migrate()
            let changes = try await client.query(
                """
                SELECT s.athlete_id, c.sseq, c.envelope FROM changes c
                JOIN streams s ON s.sid = c.sid ORDER BY 1, 2
                """
            ).collect().map { try $0.decode((String, Int64, ByteBuffer).self) }
            #expect(
                changes.map { "\($0.0) \($0.1) \(String(buffer: $0.2))" } == [
                    "a-1 1 a-1 change 1", "a-1 2 a-1 change 2", "a-2 1 a-2 change 1",
                    "a-2 2 a-2 change 2",
                ])
            let objects = try await client.query(
                """
                SELECT s.athlete_id, o.object, o.version FROM objects o
                JOIN streams s ON s.sid = o.sid ORDER BY 1, 3
                """
            ).collect().map { try $0.decode((String, ByteBuffer, Int64).self) }
            let expected = ["a-1", "a-2"].flatMap { athlete in
                Self.objects.enumerated().map { index, object in
                    "\(athlete) \(StoredObjectID.key(object.0)) \(index + 1)"
                }
            }
            #expect(objects.map { "\($0.0) \(Array($0.1.readableBytesView)) \($0.2)" } == expected)
        }
    }
}
