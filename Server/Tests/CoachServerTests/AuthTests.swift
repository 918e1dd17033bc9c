import CoachCrypto
import CoachKit
import CoachSync
import NIOCore
import Testing

@testable import CoachServer

@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct AuthTests {
    let fixture: ClubFixture

    init() throws { fixture = try ClubFixture() }

    @Test("a certified device signs in with its key; the server keeps only the token's hash")
    func goodDevice() async throws {
        try await withServer("AuthTests", fixture: fixture) { api, db in
            try await api.register()
            let token = try await api.signIn("d-carl")
            let stored = try await db.query("SELECT token_hash FROM sessions").collect()
            #expect(stored.count == 1)
            let hash = try stored[0].decode(ByteBuffer.self).array
            let raw = try #require(SyncBytes(text: token)).bytes
            #expect(hash == Hashing.sha256(raw))
            #expect(hash != raw)
            let page = try await api.send(.get, "/v1/ws/{ws}/roster", token: token)
            #expect(page.status == 200)
            let entries = try page.decode(RosterPage.self).entries
            #expect(entries == fixture.roster)
        }
    }

    @Test("a session that ended is deleted when another starts; live ones stay")
    func endedSessionsSwept() async throws {
        let clock = LockedValue(ClubFixture.now)
        let now: @Sendable () -> Int64 = { clock.withLock { $0 } }
        try await withServer("AuthTests", fixture: fixture, clock: now) { api, db in
            try await api.register()
            _ = try await api.signIn("d-carl")
            _ = try await api.signIn("d-jane")
            clock.withLock { $0 += SyncLimits.sessionMilliseconds - 1 }
            _ = try await api.signIn("d-olga")
            #expect(try await db.query("SELECT 1 FROM sessions").collect().count == 3)
            // carl's and jane's sessions end now; olga's has 15 minutes left.
            clock.withLock { $0 += 1 }
            let carl = try await api.signIn("d-carl")
            let left = try await db.query("SELECT device_id FROM sessions ORDER BY 1").collect()
            #expect(try left.map { try $0.decode(String.self) } == ["d-carl", "d-olga"])
            #expect(try await api.send(.get, "/v1/ws/{ws}/roster", token: carl).status == 200)
        }
    }

    @Test("a signature by another key, a replayed or a stale challenge is refused")
    func wrongSignature() async throws {
        try await withServer("AuthTests", fixture: fixture) { api, _ in
            try await api.register()
            let request = ChallengeRequest(workspace: ClubFixture.workspace, device: "d-carl")
            let challenge = try await api.post(SyncPath.challenge, request)
                .decode(ChallengeResponse.self)
            let forged = SessionRequest(
                workspace: ClubFixture.workspace, device: "d-carl", challenge: challenge,
                key: fixture.keys["d-jane"]!)
            let refused = try await api.post(SyncPath.session, forged)
            #expect(refused.status == 401)
            #expect(refused.problem?.reason == .badChallenge)
            // The challenge was used up by the failed attempt: the right key is refused too.
            let replay = SessionRequest(
                workspace: ClubFixture.workspace, device: "d-carl", challenge: challenge,
                key: fixture.keys["d-carl"]!)
            #expect(try await api.post(SyncPath.session, replay).problem?.reason == .badChallenge)
        }
    }

    @Test("a revoked device is refused at sign-in, and its live session stops working")
    func revokedDevice() async throws {
        try await withServer("AuthTests", fixture: fixture) { api, _ in
            try await api.register()
            let spareToken = try await api.signIn("d-spare")
            let owner = try await api.signIn("d-olga")
            let head = try await api.rosterHead(token: owner)
            let revoke = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(expectedHead: head, entries: [fixture.revocation(of: "d-spare")]),
                token: owner)
            #expect(revoke.status == 200)
            let challenge = try await api.post(
                SyncPath.challenge,
                ChallengeRequest(workspace: ClubFixture.workspace, device: "d-spare")
            ).decode(ChallengeResponse.self)
            let answer = try await api.post(
                SyncPath.session,
                SessionRequest(
                    workspace: ClubFixture.workspace, device: "d-spare", challenge: challenge,
                    key: fixture.keys["d-spare"]!))
            #expect(answer.status == 403)
            #expect(answer.problem?.reason == .deviceRevoked)
            #expect(answer.problem?.device == "d-spare")
            let old = try await api.send(.get, "/v1/ws/{ws}/roster", token: spareToken)
            #expect(old.problem?.reason == .deviceRevoked)
        }
    }

    @Test("no token, an unknown token, or an expired one is 401")
    func unauthenticated() async throws {
        try await withServer("AuthTests", fixture: fixture) { api, db in
            try await api.register()
            #expect(try await api.send(.get, "/v1/ws/{ws}/roster").status == 401)
            let unknown = SyncBytes([UInt8](repeating: 9, count: 32)).text
            #expect(try await api.send(.get, "/v1/ws/{ws}/roster", token: unknown).status == 401)
            let token = try await api.signIn("d-carl")
            try await db.query("UPDATE sessions SET expires_at = \(ClubFixture.now)")
            #expect(try await api.send(.get, "/v1/ws/{ws}/roster", token: token).status == 401)
        }
    }

    @Test("a registration not signed by the owner key it names is refused, and so is a second")
    func registration() async throws {
        try await withServer("AuthTests", fixture: fixture) { api, _ in
            var forged = fixture.registration
            forged.createdAt += 1
            let answer = try await api.post(
                SyncPath.workspaces,
                RegistrationRequest(registration: forged, roster: fixture.roster))
            #expect(answer.problem?.reason == .badRegistration)
            try await api.register()
            let again = try await api.post(
                SyncPath.workspaces,
                RegistrationRequest(registration: fixture.registration, roster: fixture.roster))
            #expect(again.status == 409)
            #expect(again.problem?.reason == .workspaceExists)
        }
    }
}
