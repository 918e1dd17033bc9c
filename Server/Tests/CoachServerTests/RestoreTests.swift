import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Testing

@testable import CoachServer

/// Restore pushes (`restore: true`): after the owner's log reset, a replica gives the server
/// back the changes it lost, each signed by its own device. Refused before any reset, for a
/// change stamped after it, forged, of a device the roster does not certify, or of a stream
/// the user does not read; a change the server holds at its version is `present`, so a push
/// again stores nothing. Serialized: its databases are cloned from one template.
@Suite(
    .serialized, .enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct RestoreTests {
    let fixture: ClubFixture
    typealias Spec = ClubFixture.Spec

    init() throws { fixture = try ClubFixture() }

    /// The owner's reset number `counter`, signed by `signer` (the owner unless given), made
    /// a second after the fixture's changes.
    func reset(_ counter: UInt64, signer: SigningKeyPair? = nil) -> RosterEntry {
        var reset = LogResetStatement(
            workspaceId: ClubFixture.workspace, counter: counter, restoredSize: 0,
            restoredRoot: MerkleHasher.blake2b256.empty,
            restoredRosterHead: [UInt8](repeating: 0, count: 32), lostSize: 9,
            lostRoot: [UInt8](repeating: 7, count: 32), time: ClubFixture.now + 1_000)
        reset.sign(by: signer ?? fixture.owner)
        return .logReset(RosterLogReset(reset))
    }

    func restore(_ api: Api, _ device: DeviceID, _ changes: [ChangeEnvelope], token: String)
        async throws -> Api.Answer
    {
        var request = PushRequest(
            device: device, batchSeq: 0, changes: changes.map { $0.encoded() })
        request.restore = true
        return try await api.post("/v1/ws/{ws}/changes", request, token: token)
    }

    func pushReset(_ api: Api, _ entry: RosterEntry, token: String) async throws -> Api.Answer {
        let head = try await api.rosterHead(token: token)
        return try await api.post(
            "/v1/ws/{ws}/roster", RosterPush(expectedHead: head, entries: [entry]), token: token)
    }

    /// Carl pushed c-1…c-3; his c-4 and c-5 (chained after them) are what the server lost.
    func lost() -> (pushed: [ChangeEnvelope], lost: [ChangeEnvelope]) {
        let all = fixture.changes("d-carl", (1...5).map { Spec(object: "c-\($0)") })
        return (Array(all.prefix(3)), Array(all.suffix(2)))
    }

    @Test("a restore push before any log reset is refused with 409 no_log_reset")
    func beforeReset() async throws {
        try await withServer("RestoreTests", fixture: fixture) { api, _ in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let olga = try await api.signIn("d-olga")
            let (pushed, lost) = lost()
            #expect(try await api.push("d-carl", batch: 1, pushed, token: carl).status == 200)
            let answer = try await restore(api, "d-olga", lost, token: olga)
            #expect(answer.status == 409)
            #expect(answer.problem?.reason == .noLogReset)
        }
    }

    @Test("a log reset is the owner's and numbered one more than the last")
    func resetRule() async throws {
        try await withServer("RestoreTests", fixture: fixture) { api, _ in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            for entry in [reset(1, signer: fixture.coach), reset(2)] {
                let refused = try await pushReset(api, entry, token: olga)
                #expect(refused.status == 422)
                #expect(refused.problem?.reason == .rosterRejected)
            }
            #expect(try await pushReset(api, reset(1), token: olga).status == 200)
            #expect(try await pushReset(api, reset(1), token: olga).status == 422)
            #expect(try await pushReset(api, reset(2), token: olga).status == 200)
        }
    }

    @Test("after a reset a reader gives back another device's lost changes; again is present")
    func restoreOnce() async throws {
        try await withServer("RestoreTests", fixture: fixture) { api, _ in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let olga = try await api.signIn("d-olga")
            let (pushed, lost) = lost()
            #expect(try await api.push("d-carl", batch: 1, pushed, token: carl).status == 200)
            #expect(try await pushReset(api, reset(1), token: olga).status == 200)
            // c-3 the server holds; c-4 and c-5 it lost.
            let first = try await restore(api, "d-olga", [pushed[2]] + lost, token: olga)
            #expect(first.status == 200, "\(first.problem?.message ?? "")")
            let placed = try first.decode(PushResponse.self).results
            #expect(placed.map { $0.present ?? false } == [true, false, false])
            #expect(placed.map(\.sseq) == [0, 4, 5])
            let again = try await restore(api, "d-olga", lost, token: olga)
            #expect(try again.decode(PushResponse.self).results.allSatisfy { $0.present == true })
            let pull = try await api.post(
                "/v1/ws/{ws}/pull", PullRequest(cursors: [:]), token: olga)
            let changes = try pull.decode(PullResponse.self).changes.filter {
                $0.stream == "a-jane"
            }
            #expect(changes.map(\.sseq) == [1, 2, 3, 4, 5])
            #expect(changes.suffix(2).map(\.change.bytes) == lost.map { $0.encoded() })
            // Carl's device goes on after the last change given back.
            let next = fixture.changes(
                "d-carl", [Spec(object: "c-6")],
                after: ChangeVerifier.ChainPosition(
                    sequence: lost[1].sequence, hash: lost[1].hash))
            #expect(try await api.push("d-carl", batch: 2, next, token: carl).status == 200)
        }
    }

    @Test(
        "after a reset a queued change naming a head the reset gave up is pushed; a later one not")
    func seenBeforeReset() async throws {
        try await withServer("RestoreTests", fixture: fixture) { api, _ in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let olga = try await api.signIn("d-olga")
            #expect(try await pushReset(api, reset(1), token: olga).status == 200)
            let lost = LogPosition(size: 99, root: [UInt8](repeating: 9, count: 32))
            let changes = fixture.changes(
                "d-carl",
                [
                    Spec(object: "c-1", seen: lost),
                    Spec(object: "c-2", clock: ClubFixture.now + 2_000, seen: lost),
                ])
            let before = try await api.push("d-carl", batch: 1, [changes[0]], token: carl)
            #expect(before.status == 200, "\(before.problem?.message ?? "")")
            let after = try await api.push("d-carl", batch: 2, [changes[1]], token: carl)
            #expect(after.status == 422)
            #expect(after.problem?.reason == .unknownTreeHead)
        }
    }

    @Test("a restore push past the reset's window is refused with 409 no_log_reset")
    func afterWindow() async throws {
        let late = ClubFixture.now + 1_000 + RestoreCheck.window + 1
        try await withServer("RestoreTests", fixture: fixture, now: late) { api, _ in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let olga = try await api.signIn("d-olga")
            let (pushed, lost) = lost()
            #expect(try await api.push("d-carl", batch: 1, pushed, token: carl).status == 200)
            #expect(try await pushReset(api, reset(1), token: olga).status == 200)
            let answer = try await restore(api, "d-olga", lost, token: olga)
            #expect(answer.status == 409, "\(answer.problem?.message ?? "")")
            #expect(answer.problem?.reason == .noLogReset)
        }
    }

    @Test("a change given back where its device's chain stands, with another hash, is refused")
    func heldPosition() async throws {
        try await withServer("RestoreTests", fixture: fixture) { api, _ in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let olga = try await api.signIn("d-olga")
            let (pushed, _) = lost()
            #expect(try await api.push("d-carl", batch: 1, pushed, token: carl).status == 200)
            #expect(try await pushReset(api, reset(1), token: olga).status == 200)
            // Carl's change 3 as the server holds it, and another change 3 signed by his key.
            let other = fixture.changes(
                "d-carl", [Spec(object: "c-1"), Spec(object: "c-2"), Spec(object: "c-x")])[2]
            #expect(other.sequence == pushed[2].sequence && other.hash != pushed[2].hash)
            let answer = try await restore(api, "d-olga", [other], token: olga)
            #expect(answer.status == 409, "\(answer.problem?.message ?? "")")
            #expect(answer.problem?.reason == .brokenChain)
            #expect(try await restore(api, "d-olga", [pushed[2]], token: olga).status == 200)
        }
    }

    @Test(
        "forged, uncertified, after-the-reset, unreadable and ungranted changes are refused",
        arguments: ["forged", "uncertified", "after the reset", "unreadable", "no grant"])
    func refused(_ attack: String) async throws {
        try await withServer("RestoreTests", fixture: fixture) { api, _ in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let jane = try await api.signIn("d-jane")
            #expect(try await pushReset(api, reset(1), token: olga).status == 200)
            var token = olga
            var device: DeviceID = "d-olga"
            var change = fixture.changes("d-carl", [Spec(object: "c-9")])[0]
            let expected: (Int, SyncProblem.Reason)
            switch attack {
            case "forged":
                change.body = Array("another body".utf8)
                expected = (403, .badSignature)
            case "uncertified":
                change.device = "d-ghost"
                change.sign(by: try SigningKeyPair.generate())
                expected = (403, .deviceRevoked)
            case "after the reset":
                change =
                    fixture.changes(
                        "d-carl", [Spec(object: "c-9", clock: ClubFixture.now + 2_000)])[0]
                expected = (409, .noLogReset)
            case "no grant":
                // Carl holds jane at epoch 1 only: a change he sealed under an epoch not made.
                change = fixture.changes("d-carl", [Spec(object: "c-9", epoch: 2)])[0]
                expected = (403, .outOfRole)
            default:
                change = fixture.changes("d-olga", [Spec(athlete: "a-bert", object: "b-9")])[0]
                token = jane
                device = "d-jane"
                expected = (403, .outOfRole)
            }
            let answer = try await restore(api, device, [change], token: token)
            #expect(answer.status == expected.0, "\(answer.problem?.message ?? "")")
            #expect(answer.problem?.reason == expected.1)
            let pull = try await api.post(
                "/v1/ws/{ws}/pull", PullRequest(cursors: [:]), token: olga)
            #expect(try pull.decode(PullResponse.self).changes.isEmpty)
        }
    }
}
