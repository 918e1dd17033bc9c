import CoachCrypto
import CoachKit
import CoachSync
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

/// The gate in front of `join`: the sealed key row is answered only to a live, unused,
/// unburned invitation's code, and only once.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct JoinInvitationTests {
    let fixture: ClubFixture
    static let code = "K7QD-2MZA-PL4X-7Q3B-WERT-ZUIO"
    static let other = "AAAA-BBBB-CCCC-DDDD-EEEE-FFFF"

    init() throws { fixture = try ClubFixture() }

    /// Whether an answer carries anything of a user's entry (the sealed row or the user).
    static func leaksNothing(_ answer: Api.Answer) -> Bool {
        (try? answer.decode(JoinResponse.self)) == nil
            && !String(decoding: answer.body, as: UTF8.self).contains("sealed_keys")
    }

    @Test("the right code is answered the sealed row once; the same code again gets nothing")
    func singleUse() async throws {
        try await withServer("JoinInvitationTests", fixture: fixture) { api, _ in
            try await api.register()
            let owner = try await api.signIn("d-olga")
            let invited = try await api.invite("jane", code: Self.code, token: owner)
            #expect(invited.status == 201)
            let invitation = try invited.decode(InvitationResponse.self)
            #expect(invitation.user == "u-jane")
            #expect(invitation.expiresAt == ClubFixture.now + 3_600_000)
            #expect(invitation.attempts == SyncLimits.invitationAttempts)
            // Case, spaces and dashes do not matter.
            let typed = Self.code.lowercased().replacingOccurrences(of: "-", with: " ")
            let first = try await api.join("jane", code: typed)
            #expect(first.status == 200)
            #expect(try first.decode(JoinResponse.self).user.sealedKeys == [1, 2, 3])
            // The invitation's owner binding comes back as the inviting user sent it.
            #expect(try first.decode(JoinResponse.self).binding.bytes == Api.binding)
            let again = try await api.join("jane", code: Self.code)
            #expect(again.status == 403)
            #expect(again.problem?.reason == .badInvitation)
            #expect(Self.leaksNothing(again))
        }
    }

    @Test(
        "no invitation, a wrong or malformed code, another user's handle: nothing sealed",
        arguments: ["no invitation", "wrong code", "malformed code", "empty code", "other user"])
    func refused(_ kind: String) async throws {
        try await withServer("JoinInvitationTests", fixture: fixture) { api, _ in
            try await api.register()
            let owner = try await api.signIn("d-olga")
            if kind != "no invitation" {
                #expect(try await api.invite("jane", code: Self.code, token: owner).status == 201)
            }
            let (handle, code) =
                switch kind {
                case "wrong code": ("jane", Self.other)
                case "malformed code": ("jane", Self.code + "A")
                case "empty code": ("jane", "")
                case "other user": ("carl", Self.code)
                default: ("jane", Self.code)
                }
            let answer = try await api.join(handle, code: code)
            #expect(answer.status == 403)
            #expect(answer.problem?.reason == .badInvitation)
            #expect(Self.leaksNothing(answer))
        }
    }

    @Test("an invitation past its expiry gets nothing, even with the right code, and is gone")
    func expired() async throws {
        let clock = LockedValue(ClubFixture.now)
        let now: @Sendable () -> Int64 = { clock.withLock { $0 } }
        try await withServer("JoinInvitationTests", fixture: fixture, clock: now) { api, db in
            try await api.register()
            let owner = try await api.signIn("d-olga")
            #expect(
                try await api.invite("jane", code: Self.code, token: owner, expiresIn: 60).status
                    == 201)
            clock.withLock { $0 += 60_000 }
            let answer = try await api.join("jane", code: Self.code)
            #expect(answer.status == 403)
            #expect(Self.leaksNothing(answer))
            let left = try await db.query("SELECT count(*) FROM invitations").collect()
            #expect(try left.first?.decode(Int.self) == 0)
        }
    }

    @Test("the attempt budget: after the last wrong code even the right one gets nothing")
    func burned() async throws {
        try await withServer("JoinInvitationTests", fixture: fixture) { api, _ in
            try await api.register()
            let owner = try await api.signIn("d-olga")
            #expect(try await api.invite("jane", code: Self.code, token: owner).status == 201)
            for _ in 1..<SyncLimits.invitationAttempts {
                #expect(try await api.join("jane", code: Self.other).status == 403)
            }
            // One wrong code short of the budget, the right one still works...
            let fresh = try await api.invite("carl", code: Self.code, token: owner)
            #expect(fresh.status == 201)
            for _ in 1..<SyncLimits.invitationAttempts {
                #expect(try await api.join("carl", code: Self.other).status == 403)
            }
            #expect(try await api.join("carl", code: Self.code).status == 200)
            // ...and one more wrong code burns it.
            #expect(try await api.join("jane", code: Self.other).status == 403)
            let answer = try await api.join("jane", code: Self.code)
            #expect(answer.status == 403)
            #expect(answer.problem?.reason == .badInvitation)
            #expect(Self.leaksNothing(answer))
        }
    }

    @Test("a new invitation replaces the user's previous one")
    func replaced() async throws {
        try await withServer("JoinInvitationTests", fixture: fixture) { api, _ in
            try await api.register()
            let owner = try await api.signIn("d-olga")
            #expect(try await api.invite("jane", code: Self.other, token: owner).status == 201)
            #expect(try await api.invite("jane", code: Self.code, token: owner).status == 201)
            #expect(try await api.join("jane", code: Self.other).status == 403)
            #expect(try await api.join("jane", code: Self.code).status == 200)
        }
    }

    @Test("the owner invites anyone, a user only themselves, nobody without a session")
    func whoInvites() async throws {
        try await withServer("JoinInvitationTests", fixture: fixture) { api, _ in
            try await api.register()
            let coach = try await api.signIn("d-carl")
            let athlete = try await api.signIn("d-jane")
            let byCoach = try await api.invite("jane", code: Self.code, token: coach)
            #expect(byCoach.status == 403)
            #expect(byCoach.problem?.reason == .outOfRole)
            #expect(try await api.join("jane", code: Self.code).status == 403)
            #expect(try await api.invite("jane", code: Self.code, token: nil).status == 401)
            #expect(try await api.invite("jane", code: Self.code, token: athlete).status == 201)
            #expect(try await api.invite("nobody", code: Self.code, token: athlete).status == 404)
        }
    }

    @Test(
        "an invitation with a verifier not 32 bytes, a binding not 72 or a bad life is 400",
        arguments: [
            (31, 72, 3_600), (32, 71, 3_600), (32, 32, 3_600), (32, 0, 3_600), (32, 72, 59),
            (32, 72, 7 * 86_400 + 1),
        ] as [(Int, Int, Int64)])
    func malformed(_ length: Int, _ bindingLength: Int, _ seconds: Int64) async throws {
        try await withServer("JoinInvitationTests", fixture: fixture) { api, _ in
            try await api.register()
            let owner = try await api.signIn("d-olga")
            let answer = try await api.invite(
                "jane", code: Self.code, token: owner, expiresIn: seconds,
                verifier: [UInt8](repeating: 7, count: length),
                binding: [UInt8](repeating: 8, count: bindingLength))
            #expect(answer.status == 400)
            #expect(answer.problem?.reason == .malformed)
        }
    }

    @Test("the database keeps the code's verifier, bound to workspace and user, never the code")
    func storesVerifierOnly() async throws {
        try await withServer("JoinInvitationTests", fixture: fixture) { api, db in
            try await api.register()
            let owner = try await api.signIn("d-olga")
            #expect(try await api.invite("jane", code: Self.code, token: owner).status == 201)
            let rows = try await db.query("SELECT verifier FROM invitations").collect()
            let stored = try rows.first?.decode(ByteBuffer.self).array
            let normalized = try #require(JoinCode.normalized(Self.code))
            #expect(
                stored
                    == JoinCode.verifier(
                        workspace: ClubFixture.workspace, user: "u-jane", code: normalized))
            #expect(
                stored
                    != JoinCode.verifier(
                        workspace: ClubFixture.workspace, user: "u-carl", code: normalized))
            let code = Array(normalized.utf8).buffer
            let text = try await db.query(
                "SELECT count(*) FROM invitations WHERE position(\(code) in verifier) > 0"
            ).collect()
            #expect(try text.first?.decode(Int.self) == 0)
        }
    }
}
