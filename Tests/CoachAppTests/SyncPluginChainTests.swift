import CoachApp
import CoachKit
import CoachSync
import CoachTestSupport
import Foundation
import Testing

@testable import CoachStore

/// Each plugin's roster entries form a chain (`RosterPluginChain`): the owner's genuine
/// entries replayed out of it are tampering on pull (exit 74), and the entries the roster gate
/// pushes follow it.
@Suite struct SyncPluginChainTests {
    typealias Attack = SyncRosterAttackTests

    /// A roster of genuine owner-signed vo2 entries, one replayed out of its chain.
    static func replayed(_ kind: String, owner: Principal) throws -> [RosterPlugin] {
        let r1 = try Attack.pluginEntry(owner: owner, sha256: "aa", addedAt: "2026-01-01T00:00:00Z")
        let removal = Attack.pluginRemoval(owner: owner, of: r1)
        switch kind {
        case "a record after its removal":
            return [r1, removal, r1]
        case "a record twice":
            return [r1, r1]
        case "a removal after a re-add":
            let r2 = try Attack.pluginEntry(
                owner: owner, sha256: "bb", addedAt: "2026-01-01T00:00:00Z", after: removal)
            return [r1, removal, r2, removal]
        case "a record after its update":
            let r2 = try Attack.pluginEntry(
                owner: owner, sha256: "bb", addedAt: "2026-01-01T00:00:00Z", after: r1)
            return [r1, r2, r1]
        default:
            return [Attack.pluginRemoval(owner: owner, of: nil)]
        }
    }

    @Test(
        "A genuine plugin entry replayed out of its chain is 74 and nothing of the pull applies",
        arguments: [
            "a record after its removal", "a record twice", "a removal after a re-add",
            "a record after its update", "a removal of a plugin never added",
        ])
    func replayRefused(_ kind: String) throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        let owner = a.principal
        a.close()
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        let before = try m.export(m.envB)
        for entry in try Self.replayed(kind, owner: owner) {
            Attack.plant(server, .plugin(entry))
        }
        Attack.expectTampered(b, "\(kind) was applied")
        #expect(try Attack.pluginHashes(b).isEmpty, "\(kind)")
        #expect(try m.export(m.envB) == before, "\(kind)")
    }

    @Test("A plugin added, removed and added again on one machine follows its chain on the other")
    func gateChainsEntries() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        defer { a.close() }
        let b = try m.session(m.envB)
        defer { b.close() }
        func add(_ hash: String) throws {
            try a.workspace.addPlugin(
                PluginEntry(
                    id: "vo2", path: "/opt/vo2", sha256: hash, manifest: "{}", granted: []),
                as: a.principal)
        }
        try add("aa")
        _ = try b.sync()
        #expect(try Attack.pluginHashes(b) == ["aa"])
        try a.workspace.removePlugin(id: "vo2", as: a.principal)
        _ = try b.sync()
        #expect(try Attack.pluginHashes(b).isEmpty)
        try add("bb")
        try add("cc")
        _ = try b.sync()
        #expect(try Attack.pluginHashes(b) == ["cc"])
        let roster = server.state.withLock { $0.roster }
        let chain = try RosterPluginChain(roster)
        #expect(chain.heads["vo2"]?.live == true)
        #expect(roster.filter { if case .plugin = $0 { true } else { false } }.count == 4)
    }
}
