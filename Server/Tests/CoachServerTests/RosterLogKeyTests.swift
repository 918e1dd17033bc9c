import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Testing

@testable import CoachServer

/// The server's log key on the roster: taken only when the workspace's owner certified it, and
/// only when certified after the current key, so an older certificate cannot come back.
/// Serialized: its databases are cloned from one template, and PostgreSQL refuses a clone
/// while another is being made from it.
@Suite(
    .serialized, .enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct RosterLogKeyTests {
    let fixture: ClubFixture

    init() throws { fixture = try ClubFixture() }

    /// A certificate of `key`, made at `created`, signed by `signer` (the owner unless given).
    func entry(_ key: UInt8, created: Int64, signer: SigningKeyPair? = nil) -> RosterEntry {
        var cert = LogKeyCertificate(
            workspaceId: ClubFixture.workspace, serverPK: [UInt8](repeating: key, count: 32),
            created: created, fromSize: 0)
        cert.sign(by: signer ?? fixture.owner)
        return .logKey(RosterLogKey(cert))
    }

    @Test("the owner's log key is taken, a newer one replaces it, the older one comes not back")
    func ownerKeys() async throws {
        try await withServer("RosterLogKeyTests", fixture: fixture) { api, _ in
            let registered = try await api.register()
            let owner = try await api.signIn("d-olga")
            let first = entry(1, created: 1_000)
            let taken = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(expectedHead: registered.rosterHead, entries: [first]), token: owner)
            #expect(taken.status == 200, "\(taken.problem?.message ?? "")")
            var head = try taken.decode(RosterPushResponse.self).head
            let second = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(expectedHead: head, entries: [entry(2, created: 2_000)]), token: owner)
            #expect(second.status == 200, "\(second.problem?.message ?? "")")
            head = try second.decode(RosterPushResponse.self).head
            let replayed = try await api.post(
                "/v1/ws/{ws}/roster", RosterPush(expectedHead: head, entries: [first]),
                token: owner)
            #expect(replayed.status == 422)
            #expect(replayed.problem?.reason == .rosterRejected)
            #expect(try await api.rosterHead(token: owner) == head)
        }
    }

    @Test("a log key certified by a coach, not the owner, is refused")
    func coachKeyRefused() async throws {
        try await withServer("RosterLogKeyTests", fixture: fixture) { api, _ in
            let registered = try await api.register()
            let carl = try await api.signIn("d-carl")
            let answer = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(
                    expectedHead: registered.rosterHead,
                    entries: [entry(3, created: 1_000, signer: fixture.coach)]),
                token: carl)
            #expect(answer.status == 422)
            #expect(answer.problem?.reason == .rosterRejected)
            #expect(try await api.rosterHead(token: carl) == registered.rosterHead)
        }
    }
}
