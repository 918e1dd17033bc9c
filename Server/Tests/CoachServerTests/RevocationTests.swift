import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Testing

@testable import CoachServer

/// Revocation on the server: once the owner's rotation of jane's key leaves carl out, jane's
/// data is taken only under the new epoch and only from its holders, and carl's pull gets
/// nothing new of hers; a rotation that is not the owner's is refused.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct RevocationTests {
    let fixture: ClubFixture
    typealias Spec = ClubFixture.Spec

    init() throws { fixture = try ClubFixture() }

    /// The owner's revocation of carl from jane: epoch 2, granted to olga and jane's user,
    /// made at jane's stream position `at`.
    func revocation(at position: (sseq: Int64, head: [UInt8])) -> [RosterEntry] {
        let (cert, epoch2) = fixture.epoch("a-jane", 2, at: position)
        return [epoch2, fixture.grant(cert, to: "u-olga"), fixture.grant(cert, to: "u-jane")]
    }

    /// Epoch 2 of jane signed by the coach, granted to himself alone.
    var coachRotation: [RosterEntry] {
        let commitment = Hashing.blake2b(Array("a-jane epoch 2 by carl".utf8))
        let nonce = Array(repeating: UInt8(1), count: 24)
        let wrapped = Array(repeating: UInt8(2), count: 48)
        var cert = EpochCertificate(
            athleteId: "a-jane", epoch: 2, commitment: commitment,
            previousCommitment: Hashing.blake2b(Array("a-jane epoch 1".utf8)),
            wrappedHash: EpochCertificate.wrappedHash(nonce: nonce, wrapped: wrapped),
            signerId: "u-carl")
        cert.sign(by: fixture.coach, workspaceId: ClubFixture.workspace)
        let row = EpochRow(
            epoch: 2, commitment: commitment, previousNonce: nonce, previousWrapped: wrapped,
            signerId: "u-carl", signature: cert.signature)
        let sealed = Array("key sealed to carl".utf8)
        let message = GrantStatement.message(
            athleteId: "a-jane", epoch: 2, userId: "u-carl", sealed: sealed,
            commitment: commitment)
        return [
            .epoch(RosterEpoch(athleteId: "a-jane", row: row)),
            .grant(
                RosterGrant(
                    athleteId: "a-jane", epoch: 2,
                    row: GrantRow(
                        userId: "u-carl", grantedBy: "u-carl", sealed: sealed,
                        signature: fixture.coach.sign(message)))),
        ]
    }

    @Test("after carl's revocation jane's data goes only under epoch 2, his pull gets nothing")
    func revokedCoach() async throws {
        try await withServer("RevocationTests", fixture: fixture) { api, _ in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let carl = try await api.signIn("d-carl")
            let before = fixture.changes("d-carl", [Spec(object: "c-1")])
            let first = try await api.push("d-carl", batch: 1, before, token: carl)
            #expect(first.status == 200, "\(first.problem?.message ?? "")")
            let end = try #require(try first.decode(PushResponse.self).results.last)
            let head = try await api.rosterHead(token: olga)
            let rotated = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(
                    expectedHead: head, entries: revocation(at: (end.sseq, end.streamHead.bytes))),
                token: olga)
            #expect(rotated.status == 200, "\(rotated.problem?.message ?? "")")
            let after = ChangeVerifier.ChainPosition(
                sequence: before[0].sequence, hash: before[0].hash)
            for epoch in [1, 2] as [Int64] {
                let queued = fixture.changes(
                    "d-carl", [Spec(object: "c-2", epoch: epoch)], after: after)
                let answer = try await api.push("d-carl", batch: 2, queued, token: carl)
                #expect(answer.status == 403, "epoch \(epoch)")
                #expect(answer.problem?.reason == .outOfRole)
            }
            let old = fixture.changes("d-olga", [Spec(object: "o-1", epoch: 1)])
            let refused = try await api.push("d-olga", batch: 1, old, token: olga)
            #expect(refused.status == 409)
            #expect(refused.problem?.reason == .wrongEpoch)
            let resealed = fixture.changes("d-olga", [Spec(object: "o-1", epoch: 2)])
            let taken = try await api.push("d-olga", batch: 2, resealed, token: olga)
            #expect(taken.status == 200, "\(taken.problem?.message ?? "")")
            let pulled = try await api.post(
                "/v1/ws/{ws}/pull", PullRequest(cursors: [:]), token: carl)
            #expect(pulled.status == 200)
            let page = try pulled.decode(PullResponse.self)
            #expect(!page.changes.contains { $0.stream == "a-jane" })
            let owner = try await api.post(
                "/v1/ws/{ws}/pull", PullRequest(cursors: [:]), token: olga)
            #expect(
                try owner.decode(PullResponse.self).changes.filter { $0.stream == "a-jane" }
                    .count == 2)
        }
    }

    @Test("a rotation of jane's key signed by the coach, not the owner, is refused: 422")
    func coachRotationRefused() async throws {
        try await withServer("RevocationTests", fixture: fixture) { api, _ in
            let registered = try await api.register()
            let carl = try await api.signIn("d-carl")
            let answer = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(expectedHead: registered.rosterHead, entries: coachRotation),
                token: carl)
            #expect(answer.status == 422, "\(answer.problem?.message ?? "")")
            #expect(answer.problem?.reason == .rosterRejected)
            #expect(try await api.rosterHead(token: carl) == registered.rosterHead)
        }
    }

    @Test("a rotation made behind the stream's end is 409 stream_moved; at its end it is taken")
    func streamMoved() async throws {
        try await withServer("RevocationTests", fixture: fixture) { api, _ in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let carl = try await api.signIn("d-carl")
            let pushed = try await api.push(
                "d-carl", batch: 1, fixture.changes("d-carl", [Spec(object: "c-1")]), token: carl)
            #expect(pushed.status == 200, "\(pushed.problem?.message ?? "")")
            let end = try #require(try pushed.decode(PushResponse.self).results.last)
            let head = try await api.rosterHead(token: olga)
            let behind = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(expectedHead: head, entries: revocation(at: (0, StreamChain.genesis))),
                token: olga)
            #expect(behind.status == 409, "\(behind.problem?.message ?? "")")
            #expect(behind.problem?.reason == .streamMoved)
            #expect(try await api.rosterHead(token: olga) == head)
            let forked = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(
                    expectedHead: head,
                    entries: revocation(at: (end.sseq, Array(repeating: 7, count: 32)))),
                token: olga)
            #expect(forked.problem?.reason == .streamMoved)
            var unsigned = revocation(at: (end.sseq, end.streamHead.bytes))
            if case .epoch(var epoch) = unsigned[0] {
                epoch.streamMark = nil
                unsigned[0] = .epoch(epoch)
            }
            let bare = try await api.post(
                "/v1/ws/{ws}/roster", RosterPush(expectedHead: head, entries: unsigned),
                token: olga)
            #expect(bare.status == 422)
            #expect(bare.problem?.reason == .rosterRejected)
            let taken = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(
                    expectedHead: head, entries: revocation(at: (end.sseq, end.streamHead.bytes))),
                token: olga)
            #expect(taken.status == 200, "\(taken.problem?.message ?? "")")
        }
    }
}
