import CoachKit
import CoachSync
import CoachTrust
import PostgresNIO
import Testing

@testable import CoachServer

/// A device's `seen` only grows along its chain: a change naming a smaller log than an
/// earlier change of the same device, in the same push or stored, is refused
/// (`422 seen_went_back`, naming the change), nothing stored.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct PushSeenOrderTests {
    let fixture: ClubFixture
    typealias Spec = ClubFixture.Spec

    init() throws { fixture = try ClubFixture() }

    /// The head a pull of `token` answers, as a position a change can name.
    func servedHead(_ api: Api, token: String) async throws -> LogPosition {
        let answer = try await api.post(
            "/v1/ws/{ws}/pull", PullRequest(cursors: [:]), token: token)
        let head = try #require(try answer.decode(PullResponse.self).treeHead)
        return LogPosition(size: UInt64(head.size), root: head.root.bytes)
    }

    @Test("a seen smaller than the device's earlier one is 422, in one push or after a stored one")
    func seenWentBack() async throws {
        try await withServer("PushSeenOrderTests", fixture: fixture) { api, db in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let olga = try await api.signIn("d-olga")
            let first = fixture.changes("d-carl", [Spec(object: "c-1"), Spec(object: "c-2")])
            #expect(try await api.push("d-carl", batch: 1, [first[0]], token: carl).status == 200)
            let small = try await servedHead(api, token: olga)
            #expect(try await api.push("d-carl", batch: 2, [first[1]], token: carl).status == 200)
            let large = try await servedHead(api, token: olga)
            #expect(small.size < large.size)

            // In one push: the second change names less than the first.
            let both = fixture.changes(
                "d-olga", [Spec(object: "o-1", seen: large), Spec(object: "o-2", seen: small)])
            let inOne = try await api.push("d-olga", batch: 1, both, token: olga)
            #expect(inOne.status == 422, "\(inOne.problem?.message ?? "")")
            #expect(inOne.problem?.reason == .seenWentBack)
            #expect(inOne.problem?.change == 1)
            #expect(inOne.problem?.device == "d-olga")

            // Against the stored one: the large head is kept, a later push names the small.
            #expect(try await api.push("d-olga", batch: 1, [both[0]], token: olga).status == 200)
            let later = fixture.changes(
                "d-olga", [Spec(object: "o-2", seen: small)],
                after: .init(sequence: both[0].sequence, hash: both[0].hash))
            let stored = try await api.push("d-olga", batch: 2, later, token: olga)
            #expect(stored.status == 422, "\(stored.problem?.message ?? "")")
            #expect(stored.problem?.reason == .seenWentBack)
            #expect(stored.problem?.change == 0)
            let (sequence, _) = try #require(
                try await db.query(
                    "SELECT dev_seq, seen_size FROM devices WHERE device_id = 'd-olga'"
                ).collect().first?.decode((Int64, Int64?).self))
            #expect(sequence == 1, "the refused change was stored")

            // The same size again, or no seen at all, is taken.
            let honest = fixture.changes(
                "d-olga", [Spec(object: "o-2"), Spec(object: "o-3", seen: large)],
                after: .init(sequence: both[0].sequence, hash: both[0].hash))
            let taken = try await api.push("d-olga", batch: 2, honest, token: olga)
            #expect(taken.status == 200, "\(taken.problem?.message ?? "")")
        }
    }
}
