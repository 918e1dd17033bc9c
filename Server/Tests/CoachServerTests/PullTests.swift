import CoachKit
import CoachSync
import CoachTrust
import Testing

@testable import CoachServer

@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct PullTests {
    let fixture: ClubFixture
    typealias Spec = ClubFixture.Spec

    init() throws { fixture = try ClubFixture() }

    /// Registers the club and pushes three changes to jane's stream and two to bert's.
    func seed(_ api: Api) async throws -> (jane: [ChangeEnvelope], bert: [ChangeEnvelope]) {
        try await api.register()
        let olga = try await api.signIn("d-olga")
        let changes = fixture.changes(
            "d-olga",
            [
                Spec(object: "j-1"), Spec(object: "j-2"), Spec(athlete: "a-bert", object: "b-1"),
                Spec(object: "j-1", base: 1), Spec(athlete: "a-bert", object: "b-2"),
            ])
        let answer = try await api.push("d-olga", batch: 1, changes, token: olga)
        #expect(answer.status == 200, "\(answer.problem?.message ?? "")")
        return (
            changes.filter { $0.stream == .athlete("a-jane") },
            changes.filter { $0.stream == .athlete("a-bert") }
        )
    }

    func pull(_ api: Api, _ device: DeviceID, _ request: PullRequest) async throws
        -> PullResponse
    {
        let token = try await api.signIn(device)
        let answer = try await api.post("/v1/ws/{ws}/pull", request, token: token)
        #expect(answer.status == 200, "\(answer.problem?.message ?? "")")
        return try answer.decode(PullResponse.self)
    }

    @Test(
        "each user pulls only the streams they may read: grants at the current epoch, or their own")
    func readableStreams() async throws {
        try await withServer("PullTests", fixture: fixture) { api, _ in
            let (jane, bert) = try await seed(api)
            let owner = try await pull(api, "d-olga", PullRequest(cursors: [:]))
            #expect(owner.changes.map(\.change.bytes) == (bert + jane).map { $0.encoded() })
            #expect(owner.streams.map(\.stream) == ["a-bert", "a-jane"])
            #expect(owner.done)
            for device in ["d-carl", "d-jane"] as [DeviceID] {
                let answer = try await pull(api, device, PullRequest(cursors: ["a-bert": 0]))
                #expect(Set(answer.changes.map(\.stream)) == ["a-jane"])
                #expect(answer.changes.map(\.change.bytes) == jane.map { $0.encoded() })
                #expect(answer.streams.map(\.stream) == ["a-jane"])
            }
        }
    }

    @Test("every pull answers the roster head it read, the one the roster route answers")
    func rosterHead() async throws {
        try await withServer("PullTests", fixture: fixture) { api, _ in
            _ = try await seed(api)
            let head = try await api.rosterHead(token: try await api.signIn("d-olga"))
            #expect(head.count > 0)
            for device in ["d-olga", "d-carl", "d-jane"] as [DeviceID] {
                let answer = try await pull(api, device, PullRequest(cursors: [:]))
                #expect(answer.rosterHead == head)
            }
        }
    }

    @Test("a pull continues after each stream's cursor, with the chain heads, and pages by limit")
    func cursors() async throws {
        try await withServer("PullTests", fixture: fixture) { api, _ in
            let (jane, _) = try await seed(api)
            let page = try await pull(
                api, "d-carl", PullRequest(cursors: ["a-jane": 1], limit: 1))
            #expect(page.changes.map(\.sseq) == [2])
            #expect(!page.done)
            let rest = try await pull(api, "d-carl", PullRequest(cursors: ["a-jane": 2]))
            #expect(rest.changes.map(\.sseq) == [3])
            #expect(rest.done)
            var head = StreamChain.genesis
            for change in jane { head = StreamChain.next(head, changeHash: change.hash) }
            #expect(rest.changes.last?.streamHead.bytes == head)
            #expect(rest.streams == [StreamState(stream: "a-jane", sseq: 3, head: head, epoch: 1)])
        }
    }

    @Test("a batch over two streams sent again gets its first answer back, rebuilt from the runs")
    func replayAcrossStreams() async throws {
        try await withServer("PullTests", fixture: fixture) { api, _ in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let changes = fixture.changes(
                "d-olga",
                [
                    Spec(object: "j-1"), Spec(athlete: "a-bert", object: "b-1"),
                    Spec(object: "j-2"), Spec(object: "j-1", base: 1),
                ])
            let first = try await api.push("d-olga", batch: 1, changes, token: olga)
            let again = try await api.push("d-olga", batch: 1, changes, token: olga)
            #expect(first.status == 200)
            #expect(again.status == 200)
            #expect(again.body == first.body)
            let results = try again.decode(PushResponse.self).results
            #expect(results.map(\.sseq) == [1, 1, 2, 3])
            #expect(results.map(\.stream) == ["a-jane", "a-bert", "a-jane", "a-jane"])
        }
    }

    @Test("a pull pages across runs, one run per pushed batch, with each change's head")
    func pagesAcrossRuns() async throws {
        try await withServer("PullTests", fixture: fixture) { api, _ in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let changes = fixture.changes("d-olga", (1...6).map { Spec(object: "j-\($0)") })
            for batch in 0..<3 {
                let part = Array(changes[2 * batch..<2 * batch + 2])
                let answer = try await api.push(
                    "d-olga", batch: Int64(batch + 1), part, token: olga)
                #expect(answer.status == 200, "\(answer.problem?.message ?? "")")
            }
            var head = StreamChain.genesis
            let heads = changes.map { change in
                head = StreamChain.next(head, changeHash: change.hash)
                return head
            }
            for limit in 1...2 {
                let opening = try await pull(
                    api, "d-carl", PullRequest(cursors: [:], limit: limit))
                #expect(opening.changes.map(\.sseq) == Array(1...Int64(limit)))
                #expect(!opening.done)
            }
            let page = try await pull(api, "d-carl", PullRequest(cursors: ["a-jane": 1], limit: 3))
            #expect(page.changes.map(\.sseq) == [2, 3, 4])
            #expect(!page.done)
            let rest = try await pull(api, "d-carl", PullRequest(cursors: ["a-jane": 4]))
            #expect(rest.done)
            let pulled = page.changes + rest.changes
            #expect(pulled.map(\.sseq) == [2, 3, 4, 5, 6])
            #expect(pulled.map(\.change.bytes) == changes[1...].map { $0.encoded() })
            #expect(pulled.map(\.streamHead.bytes) == Array(heads[1...]))
        }
    }

    @Test("a run damaged in PostgreSQL is served as far as it reads and the rest as one change")
    func damagedRun() async throws {
        try await withServer("PullTests", fixture: fixture) { api, db in
            let (jane, _) = try await seed(api)
            // The length word of jane's second change now points past the run's end.
            try await db.query(
                """
                UPDATE runs SET body = set_byte(body, 4 + (get_byte(body, 2) << 8
                    | get_byte(body, 3)), 127)
                WHERE sid = (SELECT sid FROM streams WHERE athlete_id = 'a-jane')
                """)
            let answer = try await pull(api, "d-carl", PullRequest(cursors: [:]))
            let served = answer.changes.filter { $0.stream == "a-jane" }
            #expect(served.count == 2)
            #expect(served.first?.change.bytes == jane[0].encoded())
            #expect(served.map(\.sseq) == [1, 2])
            #expect((try? ChangeEnvelope.decode(served.last?.change.bytes ?? [])) == nil)
            #expect(answer.done)
        }
    }
}
