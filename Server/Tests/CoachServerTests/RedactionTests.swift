import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

/// `POST redactions`: the server drops the bodies its own header check proves superseded (a
/// later change of the object at a higher epoch, or every change of a removed athlete), the
/// runs rewritten so the bytes leave PostgreSQL, while pulls serve the redacted form and every
/// chain and log proof still verifies.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct RedactionTests {
    let fixture: ClubFixture
    typealias Spec = ClubFixture.Spec

    init() throws { fixture = try ClubFixture() }

    /// A body of `count` bytes that does not compress, different for each `label`.
    static func body(_ label: String, count: Int = 6_000) -> [UInt8] {
        var bytes: [UInt8] = []
        var block = Hashing.blake2b(Array(label.utf8))
        while bytes.count < count {
            bytes += block
            block = Hashing.blake2b(block)
        }
        return Array(bytes.prefix(count))
    }

    /// Jane's stream: j-1, j-2, j-1 again (all epoch 1), then the owner's rotation to epoch 2
    /// (olga and carl) and j-1 sealed again under it; bert's b-1. Returns jane's changes.
    func seed(_ api: Api) async throws -> [ChangeEnvelope] {
        try await api.register()
        let olga = try await api.signIn("d-olga")
        let first = fixture.changes(
            "d-olga",
            [
                Spec(object: "j-1", body: Self.body("j-1 v1")),
                Spec(object: "j-2", body: Self.body("j-2 v1")),
                Spec(object: "j-1", base: 1, body: Self.body("j-1 v2")),
                Spec(athlete: "a-bert", object: "b-1", body: Self.body("b-1 v1")),
            ])
        let pushed = try await api.push("d-olga", batch: 1, first, token: olga)
        #expect(pushed.status == 200, "\(pushed.problem?.message ?? "")")
        let results = try pushed.decode(PushResponse.self).results
        let (cert, epoch2) = fixture.epoch("a-jane", 2, at: (3, results[2].streamHead.bytes))
        let rotation = [
            epoch2, fixture.grant(cert, to: "u-olga"), fixture.grant(cert, to: "u-carl"),
        ]
        let head = try await api.rosterHead(token: olga)
        let rotated = try await api.post(
            "/v1/ws/{ws}/roster", RosterPush(expectedHead: head, entries: rotation), token: olga)
        #expect(rotated.status == 200, "\(rotated.problem?.message ?? "")")
        let last = first[3]
        let reseal = fixture.changes(
            "d-olga", [Spec(object: "j-1", base: 2, epoch: 2, body: Self.body("j-1 v3"))],
            after: ChangeVerifier.ChainPosition(sequence: last.sequence, hash: last.hash))
        let again = try await api.push("d-olga", batch: 2, reseal, token: olga)
        #expect(again.status == 200, "\(again.problem?.message ?? "")")
        return Array(first.prefix(3)) + reseal
    }

    func redact(_ api: Api, _ device: DeviceID, _ streams: [AthleteID]) async throws -> Api.Answer {
        let token = try await api.signIn(device)
        return try await api.post(
            "/v1/ws/{ws}/redactions", RedactionRequest(streams: streams), token: token)
    }

    /// How many places hold `slice`: live `runs` rows, and chunks of its TOAST table.
    func holding(_ slice: [UInt8], _ db: PostgresClient) async throws -> (live: Int, toast: Int) {
        let live =
            try await db.query(
                "SELECT count(*)::int8 FROM runs WHERE position(\(slice.buffer) in body) > 0"
            ).collect().first?.decode(Int64.self) ?? -1
        let name =
            try await db.query(
                "SELECT reltoastrelid::regclass::text FROM pg_class WHERE relname = 'runs'"
            ).collect().first?.decode(String.self) ?? "?"
        var query = PostgresQuery(
            unsafeSQL: "SELECT count(*)::int8 FROM \(name) WHERE position($1 in chunk_data) > 0")
        query.binds.append(slice.buffer)
        let toast = try await db.query(query).collect().first?.decode(Int64.self) ?? -1
        return (Int(live), Int(toast))
    }

    @Test("the owner's redaction drops the bodies a later epoch supersedes, from every row")
    func supersededBodiesGone() async throws {
        try await withServer("RedactionTests", fixture: fixture) { api, db in
            let jane = try await seed(api)
            let old = Self.body("j-1 v1")
            let slice = Array(old[3_000..<3_032])
            let before = try await holding(slice, db)
            // A run of three 6,000-byte bodies is stored out of line: the check sees TOAST.
            #expect(before.toast > 0, "the check must see a body in TOAST")
            let answer = try await redact(api, "d-olga", ["a-jane"])
            #expect(answer.status == 200, "\(answer.problem?.message ?? "")")
            let redacted = try answer.decode(RedactionResponse.self)
            #expect(
                redacted.streams == [.init(stream: "a-jane", redacted: [1, 3], already: 0)])
            _ = try await db.query("VACUUM runs")
            for label in ["j-1 v1", "j-1 v2"] {
                let gone = Array(Self.body(label)[3_000..<3_032])
                let held = try await holding(gone, db)
                #expect(held.live == 0 && held.toast == 0, "\(label) is still stored: \(held)")
            }
            for label in ["j-2 v1", "j-1 v3", "b-1 v1"] {
                let kept = try await holding(Array(Self.body(label)[3_000..<3_032]), db)
                #expect(kept.live == 1, "\(label) must stay")
            }
            let repeated = try await redact(api, "d-carl", ["a-jane"])
            #expect(
                try repeated.decode(RedactionResponse.self).streams
                    == [.init(stream: "a-jane", redacted: [], already: 2)])
            // Pulls serve the redacted form, one change a page: each page's inclusion proof,
            // the stream heads and the signatures hold as they did.
            let carl = try await api.signIn("d-carl")
            for (index, change) in jane.enumerated() {
                let page = try await api.post(
                    "/v1/ws/{ws}/pull",
                    PullRequest(cursors: ["a-jane": Int64(index)], limit: 1), token: carl
                ).decode(PullResponse.self)
                let served = try ChangeEnvelope.decode(
                    try #require(page.changes.first).change.bytes)
                #expect(served.isRedacted == [0, 2].contains(index))
                #expect(served.hash == change.hash)
                #expect(served.signatureValid(devicePK: fixture.keys["d-olga"]!.publicKey))
                #expect(try LogServeTests.inclusionsVerify(page))
            }
        }
    }

    @Test(
        "a redaction by a user who may not write the athlete is refused and drops nothing",
        arguments: [
            ("d-carl", "a-bert", 403, SyncProblem.Reason.outOfRole),
            ("d-jane", "a-jane", 403, .outOfRole),
            ("d-olga", "a-nobody", 422, .unknownStream),
        ] as [(DeviceID, AthleteID, Int, SyncProblem.Reason)])
    func refused(device: DeviceID, athlete: AthleteID, status: Int, reason: SyncProblem.Reason)
        async throws
    {
        try await withServer("RedactionTests", fixture: fixture) { api, db in
            _ = try await seed(api)
            let answer = try await redact(api, device, [athlete])
            #expect(answer.status == status, "\(answer.problem?.message ?? "")")
            #expect(answer.problem?.reason == reason)
            for label in ["j-1 v1", "j-1 v2", "b-1 v1"] {
                let kept = try await holding(Array(Self.body(label)[3_000..<3_032]), db)
                #expect(kept.live == 1, "\(label) must stay")
            }
        }
    }

    @Test("an athlete's removal lets the owner redact every body of the stream, staff not")
    func removedAthlete() async throws {
        try await withServer("RedactionTests", fixture: fixture) { api, db in
            _ = try await seed(api)
            let olga = try await api.signIn("d-olga")
            var removal = RosterRemoval(
                athleteId: "a-bert", removedBy: "u-olga", removedAt: ClubFixture.now)
            removal.sign(by: fixture.owner, workspaceId: ClubFixture.workspace)
            let head = try await api.rosterHead(token: olga)
            let removed = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(expectedHead: head, entries: [.removal(removal)]), token: olga)
            #expect(removed.status == 200, "\(removed.problem?.message ?? "")")
            let staff = try await redact(api, "d-carl", ["a-bert"])
            #expect(staff.status == 403)
            let answer = try await redact(api, "d-olga", ["a-bert"])
            #expect(
                try answer.decode(RedactionResponse.self).streams
                    == [.init(stream: "a-bert", redacted: [1], already: 0)])
            let held = try await holding(Array(Self.body("b-1 v1")[3_000..<3_032]), db)
            #expect(held.live == 0)
        }
    }

    @Test("a push of a change in the redacted form is refused: only the server drops a body")
    func redactedPushRefused() async throws {
        try await withServer("RedactionTests", fixture: fixture) { api, _ in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let change = fixture.changes("d-olga", [Spec(object: "j-1")])[0].redacted()
            let answer = try await api.push("d-olga", batch: 1, [change], token: olga)
            #expect(answer.status == 400)
            #expect(answer.problem?.reason == .badEnvelope)
        }
    }
}
