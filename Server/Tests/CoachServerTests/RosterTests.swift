import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Testing

@testable import CoachServer

@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct RosterTests {
    let fixture: ClubFixture

    init() throws { fixture = try ClubFixture() }

    @Test("a roster push on a head that moved is 409 with the current head; on it, it is taken")
    func compareAndSwap() async throws {
        try await withServer("RosterTests", fixture: fixture) { api, _ in
            let registered = try await api.register()
            let owner = try await api.signIn("d-olga")
            let (cert, epoch2) = fixture.epoch("a-jane", 2)
            let entries = [epoch2, fixture.grant(cert, to: "u-olga")]
            let stale = RosterPush(expectedHead: .empty, entries: entries)
            let refused = try await api.post("/v1/ws/{ws}/roster", stale, token: owner)
            #expect(refused.status == 409)
            #expect(refused.problem?.reason == .rosterHeadMoved)
            #expect(refused.problem?.rosterHead == registered.rosterHead)
            let fresh = RosterPush(expectedHead: registered.rosterHead, entries: entries)
            let taken = try await api.post("/v1/ws/{ws}/roster", fresh, token: owner)
            #expect(taken.status == 200)
            #expect(
                try taken.decode(RosterPushResponse.self).head
                    == registered.rosterHead.appending(contentsOf: entries))
        }
    }

    @Test(
        "entries the trust checks refuse are 422 and change nothing",
        arguments: ["coach grants bert", "user signed by coach", "epoch skips", "athlete twice"])
    func rejected(_ kind: String) async throws {
        try await withServer("RosterTests", fixture: fixture) { api, _ in
            let registered = try await api.register()
            let token = try await api.signIn("d-olga")
            let entry: RosterEntry
            switch kind {
            case "coach grants bert":
                let (bert, _) = fixture.epoch("a-bert", 1)
                let message = GrantStatement.message(
                    athleteId: "a-bert", epoch: 1, userId: "u-carl", sealed: [1],
                    commitment: bert.commitment)
                entry = .grant(
                    RosterGrant(
                        athleteId: "a-bert", epoch: 1,
                        row: GrantRow(
                            userId: "u-carl", grantedBy: "u-carl", sealed: [1],
                            signature: fixture.coach.sign(message))))
            case "user signed by coach":
                let mallory = try SigningKeyPair.generate()
                let certificate = ClubFixture.certificate(
                    "u-mallory", "mallory", .coach, mallory, by: fixture.coach)
                entry = .user(RosterUser(certificate: certificate, sealedKeys: []))
            case "epoch skips":
                entry = fixture.epoch("a-jane", 3).1
            default:
                entry = .athlete(RosterAthlete(athleteId: "a-jane", handleTag: [1]))
            }
            let answer = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(expectedHead: registered.rosterHead, entries: [entry]), token: token)
            #expect(answer.status == 422)
            #expect(answer.problem?.reason == .rosterRejected)
            #expect(try await api.rosterHead(token: token) == registered.rosterHead)
        }
    }

    @Test("a new machine joins with an invitation code, enrols its device, then signs in")
    func joinAndEnrol() async throws {
        try await withServer("RosterTests", fixture: fixture) { api, _ in
            try await api.register()
            let code = "ABCD-EFGH-IJKL-MNOP-QRST-UVWX"
            let owner = try await api.signIn("d-olga")
            #expect(try await api.invite("jane", code: code, token: owner).status == 201)
            let joined = try await api.join("jane", code: code)
            #expect(joined.status == 200)
            let join = try joined.decode(JoinResponse.self)
            #expect(join.user.userId == "u-jane")
            #expect(join.user.sealedKeys == [1, 2, 3])
            #expect(join.registration == fixture.registration)
            let unknown = try await api.join("nobody", code: code)
            #expect(unknown.status == 403)
            let key = try SigningKeyPair.generate()
            var laptop = DeviceCertificate(
                deviceId: "d-jane-2", userId: "u-jane", signPK: key.publicKey,
                createdAt: ClubFixture.now, name: "laptop")
            laptop.sign(by: fixture.athlete, workspaceId: ClubFixture.workspace)
            var forged = laptop
            forged.deviceId = "d-jane-3"
            let bad = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(expectedHead: join.rosterHead, entries: [.device(RosterDevice(forged))]))
            #expect(bad.status == 422)
            let athlete = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(
                    expectedHead: join.rosterHead,
                    entries: [.athlete(RosterAthlete(athleteId: "a-x", handleTag: [2]))]))
            #expect(athlete.status == 401)
            let enrolled = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(expectedHead: join.rosterHead, entries: [.device(RosterDevice(laptop))]))
            #expect(enrolled.status == 200, "\(enrolled.problem?.message ?? "")")
            let challenge = try await api.post(
                SyncPath.challenge,
                ChallengeRequest(workspace: ClubFixture.workspace, device: "d-jane-2")
            ).decode(ChallengeResponse.self)
            let session = try await api.post(
                SyncPath.session,
                SessionRequest(
                    workspace: ClubFixture.workspace, device: "d-jane-2", challenge: challenge,
                    key: key))
            #expect(session.status == 200)
        }
    }
}
