import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Testing

@testable import CoachServer

/// An owner's checkpoint pushed to the roster must name a head of this server's log
/// (`requireLoggedCheckpoints`, against real PostgreSQL): a head signed by the server's own
/// key with a size the log never reached, or with another root, is `422 roster_rejected`
/// and the roster does not move; the head the server served is taken.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct RosterCheckpointPushTests {
    let fixture: ClubFixture

    init() throws { fixture = try ClubFixture() }

    /// The owner's checkpoint of `head`.
    func checkpoint(_ head: SignedTreeHead) -> RosterEntry {
        var countersigned = TreeHeadCountersignature(head: head)
        countersigned.sign(by: fixture.owner)
        return .logCheckpoint(RosterLogCheckpoint(countersigned))
    }

    @Test("a checkpoint of a head the server's key signed but its log never held is 422")
    func unloggedHeadRefused() async throws {
        try await withServer("RosterCheckpointPushTests", fixture: fixture) { api, _ in
            let registered = try await api.register()
            let owner = try await api.signIn("d-olga")
            var cert = LogKeyCertificate(
                workspaceId: ClubFixture.workspace, serverPK: ServerKey.test.publicKey,
                created: ClubFixture.now - 1_000, fromSize: 0)
            cert.sign(by: fixture.owner)
            let keyed = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(
                    expectedHead: registered.rosterHead, entries: [.logKey(RosterLogKey(cert))]),
                token: owner)
            #expect(keyed.status == 200, "\(keyed.problem?.message ?? "")")
            let head = try keyed.decode(RosterPushResponse.self).head
            let pulled = try await api.post(
                "/v1/ws/{ws}/pull", PullRequest(cursors: [:]), token: owner)
            let served = try #require(try pulled.decode(PullResponse.self).treeHead)
            let genuine = try #require(served.signedTreeHead)
            #expect(genuine.signatureValid(serverPK: ServerKey.test.publicKey))

            // The server's key signs both; only the log does not hold them.
            var larger = genuine
            larger.size += 3
            var otherRoot = genuine
            otherRoot.root[0] ^= 1
            for (what, var forged) in [("larger", larger), ("other root", otherRoot)] {
                forged.sign(by: ServerKey.test.pair)
                let answer = try await api.post(
                    "/v1/ws/{ws}/roster",
                    RosterPush(expectedHead: head, entries: [checkpoint(forged)]), token: owner)
                #expect(answer.status == 422, "\(what): \(answer.problem?.message ?? "")")
                #expect(answer.problem?.reason == .rosterRejected, "\(what)")
                #expect(try await api.rosterHead(token: owner) == head, "\(what)")
            }

            let taken = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(expectedHead: head, entries: [checkpoint(genuine)]), token: owner)
            #expect(taken.status == 200, "\(taken.problem?.message ?? "")")
        }
    }
}
