import CoachKit
import CoachSync
import CoachTrust
import Testing

@testable import CoachServer

/// A pushed change's `seen` must name a head this server signed: a made-up root or a size it
/// never reached is refused (`422 unknown_tree_head`, naming the change), nothing stored.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct PushSeenTests {
    let fixture: ClubFixture
    typealias Spec = ClubFixture.Spec

    init() throws { fixture = try ClubFixture() }

    @Test("a change naming a signed head is taken; another root or a larger size is 422")
    func seenChecked() async throws {
        try await withServer("PushSeenTests", fixture: fixture) { api, _ in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let olga = try await api.signIn("d-olga")
            let first = fixture.changes("d-carl", [Spec(object: "c-1")])
            #expect(try await api.push("d-carl", batch: 1, first, token: carl).status == 200)
            let answer = try await api.post(
                "/v1/ws/{ws}/pull", PullRequest(cursors: [:]), token: olga)
            let head = try #require(try answer.decode(PullResponse.self).treeHead)
            let signed = LogPosition(size: UInt64(head.size), root: head.root.bytes)
            var otherRoot = signed
            otherRoot.root[0] ^= 1
            let larger = LogPosition(size: signed.size + 5, root: signed.root)
            for seen in [otherRoot, larger] {
                let made = fixture.changes("d-olga", [Spec(object: "o-1", seen: seen)])
                let refused = try await api.push("d-olga", batch: 1, made, token: olga)
                #expect(refused.status == 422, "\(refused.problem?.message ?? "")")
                #expect(refused.problem?.reason == .unknownTreeHead)
                #expect(refused.problem?.change == 0)
            }
            let good = fixture.changes("d-olga", [Spec(object: "o-1", seen: signed)])
            let taken = try await api.push("d-olga", batch: 1, good, token: olga)
            #expect(taken.status == 200, "\(taken.problem?.message ?? "")")
        }
    }
}
