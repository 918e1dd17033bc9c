import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct PushTests {
    let fixture: ClubFixture
    typealias Spec = ClubFixture.Spec

    init() throws { fixture = try ClubFixture() }

    /// The rows of `table`; for `changes`, the changes the runs hold.
    static func count(_ db: PostgresClient, _ table: String) async throws -> Int {
        let sql =
            table == "changes"
            ? "SELECT coalesce(sum(n), 0)::int8 FROM runs" : "SELECT count(*)::int8 FROM \(table)"
        let row = try await db.query(PostgresQuery(unsafeSQL: sql)).collect().first
        return Int(try row?.decode(Int64.self) ?? -1)
    }

    @Test("an accepted push gives each change its stream sequence and the stream's chain head")
    func accepted() async throws {
        try await withServer("PushTests", fixture: fixture) { api, db in
            try await api.register()
            let token = try await api.signIn("d-carl")
            let changes = fixture.changes(
                "d-carl",
                [Spec(object: "r-1"), Spec(object: "r-2"), Spec(object: "r-1", base: 1)])
            let answer = try await api.push("d-carl", batch: 1, changes, token: token)
            #expect(answer.status == 200, "\(answer.problem?.message ?? "")")
            let results = try answer.decode(PushResponse.self).results
            #expect(results.map(\.sseq) == [1, 2, 3])
            var head = StreamChain.genesis
            for (change, result) in zip(changes, results) {
                head = StreamChain.next(head, changeHash: change.hash)
                #expect(result.streamHead.bytes == head)
                #expect(result.stream == "a-jane")
            }
            #expect(try await Self.count(db, "changes") == 3)
            let bucket = try await db.query("SELECT low, entries FROM object_buckets")
                .collect().first?.decode((ByteBuffer, ByteBuffer).self)
            let stored = try bucket.map { try ObjectBucket(low: $0.0.array, blob: $0.1.array) }
            #expect(stored?.low == [])
            #expect(stored?.version(of: Array("r-1".utf8)) == 2)
            #expect(stored?.version(of: Array("r-2".utf8)) == 1)
        }
    }

    @Test("a change on a stale base is 409 naming the object and its version; nothing is stored")
    func staleBase() async throws {
        try await withServer("PushTests", fixture: fixture) { api, db in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let first = fixture.changes("d-carl", [Spec(object: "r-1")])
            #expect(try await api.push("d-carl", batch: 1, first, token: carl).status == 200)
            let olga = try await api.signIn("d-olga")
            let stale = fixture.changes(
                "d-olga", [Spec(object: "r-9"), Spec(object: "r-1", base: 0)])
            let answer = try await api.push("d-olga", batch: 1, stale, token: olga)
            #expect(answer.status == 409)
            let problem = try #require(answer.problem)
            #expect(problem.reason == .staleBase)
            #expect(
                problem.stale == [
                    StaleObject(stream: "a-jane", object: "r-1", currentVersion: 1, change: 1)
                ])
            #expect(try await Self.count(db, "changes") == 1)
            #expect(try await Self.count(db, "batches") == 1)
            // The same batch number, rebased, is taken: a refusal consumed nothing.
            let rebased = fixture.changes(
                "d-olga", [Spec(object: "r-9"), Spec(object: "r-1", base: 1)])
            #expect(try await api.push("d-olga", batch: 1, rebased, token: olga).status == 200)
        }
    }

    @Test("a batch sent again returns the stored answer and stores nothing twice")
    func replayedBatch() async throws {
        try await withServer("PushTests", fixture: fixture) { api, db in
            try await api.register()
            let token = try await api.signIn("d-carl")
            let changes = fixture.changes("d-carl", [Spec(object: "r-1"), Spec(object: "r-2")])
            let first = try await api.push("d-carl", batch: 7, changes, token: token)
            let again = try await api.push("d-carl", batch: 7, changes, token: token)
            #expect(first.status == 200)
            #expect(again.status == 200)
            #expect(again.body == first.body)
            #expect(try await Self.count(db, "changes") == 2)
            let other = fixture.changes(
                "d-carl", [Spec(object: "r-3")],
                after: .init(sequence: 2, hash: changes[1].hash))
            let reused = try await api.push("d-carl", batch: 7, other, token: token)
            #expect(reused.status == 409)
            #expect(reused.problem?.reason == .batchReused)
            #expect(try await Self.count(db, "changes") == 2)
        }
    }

    @Test("only a device's last batch keeps its answer: an earlier number is batch_reused")
    func earlierBatch() async throws {
        try await withServer("PushTests", fixture: fixture) { api, db in
            try await api.register()
            let token = try await api.signIn("d-carl")
            let first = fixture.changes("d-carl", [Spec(object: "r-1")])
            let second = fixture.changes(
                "d-carl", [Spec(object: "r-2")], after: .init(sequence: 1, hash: first[0].hash))
            #expect(try await api.push("d-carl", batch: 1, first, token: token).status == 200)
            #expect(try await api.push("d-carl", batch: 2, second, token: token).status == 200)
            #expect(try await Self.count(db, "batches") == 1)
            let again = try await api.push("d-carl", batch: 1, first, token: token)
            #expect(again.status == 409)
            #expect(again.problem?.reason == .batchReused)
            #expect(try await api.push("d-carl", batch: 2, second, token: token).status == 200)
            #expect(try await Self.count(db, "changes") == 2)
        }
    }

    /// A push of `device`'s `changes` the server must refuse with `reason`, naming the device
    /// (the one the change claims) and the first change, storing nothing; after `roster`
    /// entries pushed by the owner.
    func refused(
        _ device: DeviceID, _ changes: [ChangeEnvelope], reason: SyncProblem.Reason,
        status: Int, roster: [RosterEntry] = [], now: Int64 = ClubFixture.now,
        naming named: DeviceID? = nil
    ) async throws {
        try await withServer("PushTests", fixture: fixture, now: now) { api, db in
            try await api.register()
            let token = try await api.signIn(device)
            if !roster.isEmpty {
                let owner = try await api.signIn("d-olga")
                let head = try await api.rosterHead(token: owner)
                let pushed = try await api.post(
                    "/v1/ws/{ws}/roster", RosterPush(expectedHead: head, entries: roster),
                    token: owner)
                #expect(pushed.status == 200, "\(pushed.problem?.message ?? "")")
            }
            let answer = try await api.push(device, batch: 1, changes, token: token)
            #expect(answer.status == status, "\(answer.problem?.message ?? "")")
            #expect(answer.problem?.reason == reason)
            #expect(answer.problem?.device == named ?? device)
            #expect(answer.problem?.change == (reason == .tooLarge ? nil : 0))
            #expect(try await Self.count(db, "changes") == 0)
            #expect(try await Self.count(db, "batches") == 0)
        }
    }

    @Test("a forged signature is refused")
    func forgedSignature() async throws {
        var changes = fixture.changes("d-carl", [Spec(object: "r-1")])
        changes[0].body = Array("another ciphertext".utf8)
        try await refused("d-carl", changes, reason: .badSignature, status: 403)
    }

    @Test("a change signed by another device than the signed-in one is refused")
    func wrongDevice() async throws {
        let janes = fixture.changes("d-jane", [Spec(object: "r-1")])
        try await refused(
            "d-carl", janes, reason: .wrongDevice, status: 403, naming: "d-jane")
    }

    @Test(
        "an athlete user writing another athlete's stream, or a coach without a grant, is refused")
    func outOfRole() async throws {
        let bert = fixture.changes("d-jane", [Spec(athlete: "a-bert", object: "r-1")])
        try await refused("d-jane", bert, reason: .outOfRole, status: 403)
        let coach = fixture.changes("d-carl", [Spec(athlete: "a-bert", object: "r-1")])
        try await refused("d-carl", coach, reason: .outOfRole, status: 403)
        let plan = fixture.changes("d-jane", [Spec(object: "w-1", kind: "week")])
        try await refused("d-jane", plan, reason: .outOfRole, status: 403)
    }

    @Test("a change sealed under a retired epoch is refused after the rotation")
    func retiredEpoch() async throws {
        let (cert, epoch2) = fixture.epoch("a-jane", 2)
        let rotation = [
            epoch2, fixture.grant(cert, to: "u-olga"), fixture.grant(cert, to: "u-carl"),
        ]
        let old = fixture.changes("d-carl", [Spec(object: "r-1", epoch: 1)])
        try await refused("d-carl", old, reason: .wrongEpoch, status: 409, roster: rotation)
    }

    @Test("a change stamped more than 24 hours ahead of the server is refused")
    func farFuture() async throws {
        let ahead = ClubFixture.now + HybridTimestamp.futureSkewCap + 1
        let changes = fixture.changes("d-carl", [Spec(object: "r-1", clock: ahead)])
        try await refused("d-carl", changes, reason: .clockAhead, status: 422)
    }

    @Test("a change that skips the device's sequence or breaks its chain is refused")
    func brokenChain() async throws {
        let skipped = fixture.changes(
            "d-carl", [Spec(object: "r-1")], after: .init(sequence: 1, hash: StreamChain.genesis))
        try await refused("d-carl", skipped, reason: .brokenChain, status: 409)
    }

    @Test("a change for another workspace is refused")
    func otherWorkspace() async throws {
        let changes = fixture.changes("d-carl", [Spec(object: "r-1", workspace: "ws-other")])
        try await refused("d-carl", changes, reason: .otherWorkspace, status: 403)
    }

    @Test("a batch of more than 1,000 changes is refused before any is read")
    func tooMany() async throws {
        try await withServer("PushTests", fixture: fixture) { api, _ in
            try await api.register()
            let token = try await api.signIn("d-carl")
            let request = PushRequest(
                device: "d-carl", batchSeq: 1,
                changes: Array(repeating: [0], count: SyncLimits.maxChangesPerBatch + 1))
            let answer = try await api.post("/v1/ws/{ws}/changes", request, token: token)
            #expect(answer.status == 413)
            #expect(answer.problem?.reason == .tooLarge)
        }
    }
}
