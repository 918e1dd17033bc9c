import CoachCrypto
import CoachKit
import CoachSync
import Testing

@testable import CoachServer

/// Any signed-in device may push roster entries: the owner's genuine plugin entries replayed
/// out of their chain are refused (422), so an honest server never appends them.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct RosterPluginChainTests {
    let fixture: ClubFixture

    init() throws { fixture = try ClubFixture() }

    /// The owner's entry of plugin vo2 (`record` empty for a removal) after `previous`.
    func plugin(_ record: [UInt8], after previous: RosterEntry?) -> RosterEntry {
        var entry = RosterPlugin(
            pluginId: "vo2", record: record, signerId: "u-olga",
            previous: previous?.hash ?? [])
        entry.sign(by: fixture.owner, workspaceId: ClubFixture.workspace)
        return .plugin(entry)
    }

    @Test("the owner's plugin entries replayed by a coach's device are 422 and change nothing")
    func replayRefused() async throws {
        try await withServer("RosterPluginChainTests", fixture: fixture) { api, _ in
            let registered = try await api.register()
            let owner = try await api.signIn("d-olga")
            let coach = try await api.signIn("d-carl")
            let r1 = plugin([1], after: nil)
            let removal = plugin([], after: r1)
            var head = registered.rosterHead
            for entry in [r1, removal] {
                let answer = try await api.post(
                    "/v1/ws/{ws}/roster", RosterPush(expectedHead: head, entries: [entry]),
                    token: owner)
                #expect(answer.status == 200, "\(answer.problem?.message ?? "")")
                head = head.appending(entry)
            }
            for (what, replay) in [("the record after its removal", r1), ("the removal", removal)] {
                let answer = try await api.post(
                    "/v1/ws/{ws}/roster", RosterPush(expectedHead: head, entries: [replay]),
                    token: coach)
                #expect(answer.status == 422, "\(what)")
                #expect(answer.problem?.reason == .rosterRejected, "\(what)")
                #expect(try await api.rosterHead(token: coach) == head, "\(what)")
            }
            let again = plugin([2], after: removal)
            let added = try await api.post(
                "/v1/ws/{ws}/roster", RosterPush(expectedHead: head, entries: [again]),
                token: owner)
            #expect(added.status == 200, "\(added.problem?.message ?? "")")
            head = head.appending(again)
            let stale = try await api.post(
                "/v1/ws/{ws}/roster", RosterPush(expectedHead: head, entries: [removal]),
                token: coach)
            #expect(stale.status == 422)
            #expect(stale.problem?.reason == .rosterRejected)
            #expect(try await api.rosterHead(token: coach) == head)
        }
    }
}
