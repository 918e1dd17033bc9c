import CoachCrypto
import CoachKit
import CoachSync
import Testing

@testable import CoachServer

/// A user's new sealed key row (a passphrase change) on the server's roster: taken only when
/// the user signed it at their newest certificate with a counter above their earlier rows,
/// and what a join answers from then on. Serialized: its databases are cloned from one
/// template, and PostgreSQL refuses a clone while another is being made from it.
@Suite(
    .serialized, .enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct RosterKeyRowTests {
    let fixture: ClubFixture
    static let code = "K7QD-2MZA-PL4X-7Q3B-WERT-ZUIO"

    init() throws { fixture = try ClubFixture() }

    /// Carl's key row `counter` holding `sealed`, signed by `signer` (carl's key unless given).
    func row(_ counter: Int, _ sealed: [UInt8], signer: SigningKeyPair? = nil, version: Int = 1)
        -> RosterEntry
    {
        var row = RosterKeyRow(
            userId: "u-carl", version: version, counter: counter, sealedKeys: sealed)
        row.sign(by: signer ?? fixture.coach, workspaceId: ClubFixture.workspace)
        return .keyRow(row)
    }

    @Test("carl's new sealed row is taken and a join answers it; an older row is refused")
    func joinAnswersNewRow() async throws {
        try await withServer("RosterKeyRowTests", fixture: fixture) { api, _ in
            let registered = try await api.register()
            let carl = try await api.signIn("d-carl")
            let first = row(1, [4, 5, 6])
            let taken = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(expectedHead: registered.rosterHead, entries: [first]), token: carl)
            #expect(taken.status == 200, "\(taken.problem?.message ?? "")")
            var head = try taken.decode(RosterPushResponse.self).head
            let second = row(2, [7, 8, 9])
            let again = try await api.post(
                "/v1/ws/{ws}/roster", RosterPush(expectedHead: head, entries: [second]),
                token: carl)
            #expect(again.status == 200, "\(again.problem?.message ?? "")")
            head = try again.decode(RosterPushResponse.self).head
            // The first row pushed back, as it was signed, is refused.
            let replayed = try await api.post(
                "/v1/ws/{ws}/roster", RosterPush(expectedHead: head, entries: [first]),
                token: carl)
            #expect(replayed.status == 422)
            #expect(replayed.problem?.reason == .rosterRejected)
            #expect(try await api.rosterHead(token: carl) == head)
            let owner = try await api.signIn("d-olga")
            #expect(try await api.invite("carl", code: Self.code, token: owner).status == 201)
            let joined = try await api.join("carl", code: Self.code)
            #expect(joined.status == 200, "\(joined.problem?.message ?? "")")
            #expect(try joined.decode(JoinResponse.self).user.sealedKeys == [7, 8, 9])
        }
    }

    /// Key rows the server must refuse, each pushed alone on the registered roster.
    enum Bad: String, CaseIterable, Sendable {
        case signedByOwner, counterZero, olderVersion, unknownUser
    }

    @Test(
        "a key row not signed by its user, not counting, of another version is refused",
        arguments: Bad.allCases)
    func refused(_ bad: Bad) async throws {
        try await withServer("RosterKeyRowTests", fixture: fixture) { api, _ in
            let registered = try await api.register()
            let carl = try await api.signIn("d-carl")
            let entry: RosterEntry =
                switch bad {
                case .signedByOwner: row(1, [4], signer: fixture.owner)
                case .counterZero: row(0, [4])
                case .olderVersion: row(1, [4], version: 0)
                case .unknownUser:
                    {
                        var r = RosterKeyRow(
                            userId: "u-mallory", version: 1, counter: 1, sealedKeys: [4])
                        r.sign(by: fixture.coach, workspaceId: ClubFixture.workspace)
                        return .keyRow(r)
                    }()
                }
            let answer = try await api.post(
                "/v1/ws/{ws}/roster",
                RosterPush(expectedHead: registered.rosterHead, entries: [entry]), token: carl)
            #expect(answer.status == 422)
            #expect(answer.problem?.reason == .rosterRejected)
            #expect(try await api.rosterHead(token: carl) == registered.rosterHead)
        }
    }
}
