import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

/// Migration 9 on a database that holds data: every stored run and roster entry is logged.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct LogBackfillTests {
    let fixture: ClubFixture

    init() throws { fixture = try ClubFixture() }

    @Test("a version-8 database with runs and a roster migrates, and the rounds log all of it")
    func backfill() async throws {
        let cluster = try await PostgresCluster.shared("LogBackfillTests")
        let url = try await cluster.database()
        let logger = PostgresCluster.logger
        try await withDatabase(url, logger: logger) { db in
            let sequencers = try SequencerTests()
            let (store, sequencer) = SequencerTests.store(db)
            var expected = try await sequencers.register(store)
            var placed: [(ChangeEnvelope, PushedChange)] = []
            for (device, athletes) in [
                ("d-olga", ["a-jane", "a-bert"]), ("d-carl", ["a-jane"]),
            ] as [(DeviceID, [AthleteID])] {
                placed += try await sequencers.pushes(
                    device, athletes: athletes, batches: 5, store: store)
            }
            expected.pushed(placed.map(\.0), placed.map(\.1))
            // Back to version 8: what a server before the log (the check-in inbox, the devices'
            // seen order) left.
            try await db.query(
                """
                DROP TABLE log_state, log_pending, log_runs, log_streams, log_tiles, tree_heads,
                    pairings, checkin_devices, inbox
                """)
            try await db.query("ALTER TABLE devices DROP COLUMN seen_size, DROP COLUMN seen_at")
            try await db.query("DELETE FROM schema_migrations WHERE version >= 9")
            #expect(
                try await Migrator(client: db, logger: logger).migrate()
                    == Migration.all.map(\.version).filter { $0 >= 9 })
            #expect(try await rowCount(db, "log_pending") == fixture.roster.count + 2 * 5)
            try await SequencerTests.drain(sequencer)
            let log = try await expected.rebuild(db)
            #expect(log.size == UInt64(fixture.roster.count + 2 * 5 * 3))
            let head = try #require(try await storedHeads(db).last)
            #expect(head.size == Int64(log.size))
            #expect(head.root.bytes == log.range.root(hasher: .blake2b256))
            #expect(head.isSigned(by: ServerKey.test.publicKey))
            let ends = try await db.query(
                """
                SELECT count(*)::int8 FROM streams s
                JOIN log_streams l ON l.sid = s.sid AND l.seq = s.sseq AND l.head = s.head
                """
            ).collect().first?.decode(Int64.self)
            #expect(ends == 2)
            #expect(try await rowCount(db, "log_pending") == 0)
        }
    }
}
