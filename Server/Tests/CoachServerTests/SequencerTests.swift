import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Logging
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

/// The sequencer on a real PostgreSQL: gapless numbering across processes, stream order, the
/// signed roots, a failing round, the election lock and the integrity guard.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct SequencerTests {
    let fixture: ClubFixture
    typealias Spec = ClubFixture.Spec
    static let logger = PostgresCluster.logger

    init() throws { fixture = try ClubFixture() }

    /// A store on `db` with a sequencer whose heads carry a fixed time.
    static func store(_ db: PostgresClient) -> (SyncStore, Sequencer) {
        let store = SyncStore(client: db, key: .test, logger: logger)
        return (store, Sequencer(store: store, now: { ClubFixture.now }))
    }

    /// Registers the club and returns the expectation of its roster.
    func register(_ store: SyncStore) async throws -> LogExpectation {
        _ = try await store.register(
            RegistrationRequest(registration: fixture.registration, roster: fixture.roster))
        var expected = LogExpectation()
        expected.roster(fixture.roster)
        return expected
    }

    func session(_ device: DeviceID) -> SessionDevice {
        let user = fixture.devices[device]!.userId
        return SessionDevice(
            workspace: ClubFixture.workspace, device: device,
            user: fixture.certificates[user]!)
    }

    /// `batches` batches of three changes of `device` in `athlete`'s stream, pushed in order.
    func pushes(
        _ device: DeviceID, athletes: [AthleteID], batches: Int, store: SyncStore
    ) async throws -> [(ChangeEnvelope, PushedChange)] {
        var position = ChangeVerifier.ChainPosition.genesis
        var placed: [(ChangeEnvelope, PushedChange)] = []
        for batch in 1...batches {
            let athlete = athletes[batch % athletes.count]
            let specs = (1...3).map {
                Spec(athlete: athlete, object: "\(device)-\(batch)-\($0)")
            }
            let changes = fixture.changes(device, specs, after: position)
            position = ChangeVerifier.ChainPosition(
                sequence: changes.last!.sequence, hash: changes.last!.hash)
            let answer = try await store.push(
                PushRequest(
                    device: device, batchSeq: Int64(batch), changes: changes.map { $0.encoded() }),
                session: session(device), now: ClubFixture.now)
            placed += zip(changes, answer.results).map { ($0, $1) }
        }
        return placed
    }

    /// Rounds until nothing is pending.
    static func drain(_ sequencer: Sequencer) async throws {
        while try await sequencer.round(ClubFixture.workspace, wait: true) != .idle {}
    }

    @Test(
        "two servers' loops and pushes: 0..n−1 once, streams in order, heads rebuilt and consistent"
    )
    func concurrent() async throws {
        let cluster = try await PostgresCluster.shared("SequencerTests")
        let url = try await cluster.database()
        try await withDatabase(url, logger: Self.logger) { dbA in
            try await withDatabase(url, logger: Self.logger) { dbB in
                let (storeA, sequencerA) = Self.store(dbA)
                let (storeB, sequencerB) = Self.store(dbB)
                var expected = try await register(storeA)
                let loops = [sequencerA, sequencerB].map { sequencer in
                    Task {
                        await SequencerLoop(sequencer: sequencer, interval: .milliseconds(5)).run()
                    }
                }
                let placed = try await withThrowingTaskGroup(
                    of: [(ChangeEnvelope, PushedChange)].self
                ) { group in
                    let plan: [(DeviceID, [AthleteID], SyncStore)] = [
                        ("d-olga", ["a-jane", "a-bert"], storeA), ("d-carl", ["a-jane"], storeB),
                        ("d-spare", ["a-jane"], storeA), ("d-olga", [], storeB),
                    ]
                    for (device, athletes, store) in plan where !athletes.isEmpty {
                        group.addTask {
                            try await pushes(device, athletes: athletes, batches: 12, store: store)
                        }
                    }
                    var all: [(ChangeEnvelope, PushedChange)] = []
                    for try await part in group { all += part }
                    return all
                }
                for loop in loops { loop.cancel() }
                for loop in loops { await loop.value }
                try await Self.drain(sequencerB)
                expected.pushed(placed.map(\.0), placed.map(\.1))
                let log = try await expected.rebuild(dbA)
                #expect(log.size == UInt64(expected.count))
                #expect(expected.count == fixture.roster.count + 3 * 12 * 3)
                #expect(try await rowCount(dbA, "log_pending") == 0)
                let heads = try await storedHeads(dbA)
                #expect(heads.last?.size == Int64(log.size))
                for head in heads {
                    #expect(head.isSigned(by: ServerKey.test.publicKey))
                    #expect(head.root.bytes == (try log.root(at: UInt64(head.size))))
                }
                for (old, new) in zip(heads, heads.dropFirst()) {
                    let proof = try await storeA.consistencyProof(
                        ClubFixture.workspace, from: old.size, to: new.size)
                    #expect(
                        ProofVerifier.verifyConsistency(
                            old: UInt64(old.size), new: UInt64(new.size), oldRoot: old.root.bytes,
                            newRoot: new.root.bytes, proof: proof, hasher: .blake2b256))
                }
            }
        }
    }

    @Test("a round whose write fails leaves no trace: pending rows, state, tiles and heads kept")
    func failedRound() async throws {
        let cluster = try await PostgresCluster.shared("SequencerTests")
        let url = try await cluster.database()
        try await withDatabase(url, logger: Self.logger) { db in
            let (store, sequencer) = Self.store(db)
            _ = try await register(store)
            let pending = try await rowCount(db, "log_pending")
            // A run row in the way of the round's first number makes its one write fail.
            try await db.query(
                """
                INSERT INTO log_runs (ws, gseq, sid, seq, n)
                VALUES (\(ClubFixture.workspace), 0, 999, 1, 1)
                """)
            await #expect(throws: (any Error).self) {
                try await sequencer.round(ClubFixture.workspace)
            }
            #expect(try await rowCount(db, "log_pending") == pending)
            for table in ["log_state", "log_tiles", "log_streams", "tree_heads"] {
                #expect(try await rowCount(db, table) == 0, "\(table)")
            }
            try await db.query("DELETE FROM log_runs")
            #expect(
                try await sequencer.round(ClubFixture.workspace)
                    == .signed(size: Int64(fixture.roster.count)))
        }
    }

    @Test("while another session holds the workspace's sequencing lock, a round skips")
    func electionSkips() async throws {
        let cluster = try await PostgresCluster.shared("SequencerTests")
        let url = try await cluster.database()
        try await withDatabase(url, logger: Self.logger) { db in
            let (store, sequencer) = Self.store(db)
            _ = try await register(store)
            try await db.withConnection { held in
                try await held.query("BEGIN", logger: Self.logger)
                try await held.query(
                    """
                    SELECT pg_advisory_xact_lock(\(Sequencer.lockSpace),
                        hashtext(\(ClubFixture.workspace)))
                    """, logger: Self.logger)
                #expect(try await sequencer.round(ClubFixture.workspace) == .skipped)
                #expect(try await rowCount(db, "tree_heads") == 0)
                try await held.query("COMMIT", logger: Self.logger)
            }
            #expect(
                try await sequencer.round(ClubFixture.workspace)
                    == .signed(size: Int64(fixture.roster.count)))
        }
    }

    @Test(
        "a stored log edited behind the server's back is never signed over",
        arguments: [
            "UPDATE log_state SET frontier = set_byte(frontier, 0, get_byte(frontier, 0) # 1)",
            "UPDATE log_state SET root = set_byte(root, 0, get_byte(root, 0) # 1)",
            "DELETE FROM tree_heads",
            "UPDATE log_state SET size = 0, root = (SELECT root FROM log_state), "
                + "frontier = ''::bytea",
            // A head row the key never signed.
            "UPDATE tree_heads SET signature = set_byte(signature, 0, get_byte(signature, 0) # 1)",
        ])
    func integrityGuard(edit: String) async throws {
        let cluster = try await PostgresCluster.shared("SequencerTests")
        let url = try await cluster.database()
        try await withDatabase(url, logger: Self.logger) { db in
            let (store, sequencer) = Self.store(db)
            _ = try await register(store)
            _ = try await sequencer.round(ClubFixture.workspace)
            try await db.query(PostgresQuery(unsafeSQL: edit))
            _ = try await pushes("d-carl", athletes: ["a-jane"], batches: 1, store: store)
            let heads = try await rowCount(db, "tree_heads")
            let error = await #expect(throws: ServerError.self) {
                try await sequencer.round(ClubFixture.workspace)
            }
            #expect(error?.description.contains("does not verify") == true)
            #expect(try await rowCount(db, "tree_heads") == heads)
            #expect(try await rowCount(db, "log_pending") == 1)
        }
    }
}
