import CoachSync
import CoachTrust
import Logging
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

/// Migration 7 (change runs): changes stored one per row move into runs that give back the
/// same bytes and stream heads, and a device keeps only its last batch, with where its
/// changes went instead of its answer.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct ChangeRunMigrationTests {
    let cluster: PostgresCluster
    let logger = PostgresCluster.logger
    let fixture: ClubFixture

    init() async throws {
        cluster = try await PostgresCluster.shared("ChangeRunMigrationTests")
        fixture = try ClubFixture()
    }

    @Test("changes of version 5 move into runs with the same bytes and heads; the last batch stays")
    func moveRows() async throws {
        let url = try await cluster.database(migrated: false)
        let changes = fixture.changes(
            "d-carl", (0..<20).map { ClubFixture.Spec(object: "r-\($0)") })
        try await withDatabase(url, logger: logger) { client in
            let upTo5 = Migration.all.filter { $0.version <= 5 }
            try await Migrator(client: client, logger: logger, migrations: upTo5).migrate()
            try await client.query(
                """
                INSERT INTO workspaces (ws, owner_user_id, owner_sign_pk, registration)
                VALUES ('w', 'u', '\\x00', '\\x00');
                """)
            try await client.query(
                "INSERT INTO streams (ws, athlete_id, sseq, head) VALUES ('w', 'a-1', 20, '\\x01')")
            var head = StreamChain.genesis
            var heads: [[UInt8]] = []
            for (index, change) in changes.enumerated() {
                head = StreamChain.next(head, changeHash: change.hash)
                heads.append(head)
                try await client.query(
                    """
                    INSERT INTO changes (sid, sseq, head, envelope)
                    SELECT sid, \(Int64(index + 1)), \(head.buffer), \(change.encoded().buffer)
                    FROM streams WHERE athlete_id = 'a-1'
                    """)
            }
            // Batch b placed changes 6b - 5 ... 6b (batch 3: 13 to 18).
            for batch in [Int64(1), 2, 3] {
                let results = (6 * batch - 5...6 * batch).map {
                    PushedChange(stream: "a-1", sseq: $0, streamHead: heads[Int($0) - 1])
                }
                let answer = try SyncJSON.encode(PushResponse(batchSeq: batch, results: results))
                try await client.query(
                    """
                    INSERT INTO batches (ws, device_id, batch_seq, digest, answer)
                    VALUES ('w', 'd-carl', \(batch), '\\x00', \(answer.buffer))
                    """)
            }
            try await Migrator(client: client, logger: logger).migrate()
            let rows = try await client.query(
                "SELECT sseq, n, head, body FROM runs ORDER BY sseq"
            ).collect().map { try $0.decode((Int64, Int32, ByteBuffer, ByteBuffer).self) }
            #expect(rows.map(\.0) == [16, 20])
            #expect(rows.map(\.1) == [16, 4])
            let read = rows.flatMap { ChangeRun.unpack($0.3.array, head: $0.2.array) }
            #expect(read.map(\.bytes) == changes.map { $0.encoded() })
            #expect(read.map(\.head) == heads)
            let batches = try await client.query(
                "SELECT b.batch_seq, b.placed, s.sid FROM batches b, streams s"
            ).collect().map { try $0.decode((Int64, ByteBuffer, Int64).self) }
            #expect(batches.count == 1)
            #expect(batches.first?.0 == 3)
            let placed = BatchPlacement.decode(batches.first?.1.array ?? [])
            #expect(placed == [BatchPlacement(sid: batches.first?.2 ?? 0, first: 13, last: 18)])
        }
    }
}
