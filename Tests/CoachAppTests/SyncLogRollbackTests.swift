import CoachApp
import CoachKit
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// A server whose log goes back (a restored dump) after a replica verified it, or withholds its
/// signed head: the replica's pull is exit 74 naming the sizes, before anything of it is
/// applied, and the head it holds stays.
@Suite struct SyncLogRollbackTests {
    /// Both machines synced, then A logs a check-in and syncs: B has verified the log before
    /// it (its size returned) and not pulled the check-in.
    static func setUp(_ server: FakeSyncServer) throws -> (SyncTwoMachinesTests.Machines, Int64) {
        let m = try SyncTwoMachinesTests.machines(server)
        for env in [m.envA, m.envB] {
            let s = try m.session(env)
            _ = try s.sync()
            s.close()
        }
        let b = try m.session(m.envB)
        let held = try #require(try b.workspace.logSize(as: b.principal))
        b.close()
        let a = try m.session(m.envA)
        _ = try a.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
            mood: 2, doms: [], notes: "after B's sync")
        _ = try a.sync()
        a.close()
        return (m, held)
    }

    /// Syncs B, expecting `failure`; B's export and held log size stay as they were.
    static func expectRefused(
        _ m: SyncTwoMachinesTests.Machines, held: Int64, _ failure: LogFailure
    ) throws {
        let before = try m.export(m.envB)
        let b = try m.session(m.envB)
        #expect(throws: failure) { try b.sync() }
        #expect(failure.category == .corrupt)
        #expect(try b.workspace.logSize(as: b.principal) == held)
        b.close()
        #expect(try m.export(m.envB) == before)
    }

    @Test("A replica verifies the log as it pulls: its held head follows the server's, shown")
    func headFollows() throws {
        let server = FakeSyncServer()
        let (m, held) = try Self.setUp(server)
        #expect(held > 0)
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        let head = try server.treeHead(workspace: b.principal.anchor.workspaceId)
        let status = try b.syncStatus()
        #expect(status.logSize == Int64(head.size))
        #expect(status.logRoot == head.root.prefix(8).map { String(format: "%02x", $0) }.joined())
        #expect(
            try b.workspace.logSize(as: b.principal)
                == Int64(
                    server.state.withLock {
                        $0.leaves.count
                    }))
    }

    @Test("A log gone back below the verified size is exit 74 naming both sizes")
    func rolledBack() throws {
        let server = FakeSyncServer()
        let (m, held) = try Self.setUp(server)
        server.rollLogBack(to: Int(held) - 1)
        try Self.expectRefused(
            m, held: held, .rolledBack(from: UInt64(held), to: UInt64(held - 1)))
        let message = LogFailure.rolledBack(from: UInt64(held), to: UInt64(held - 1))
            .problemDescription
        #expect(message.contains("went back from \(held) to \(held - 1)"))
    }

    @Test("A pull without a signed head, once a key is certified, is exit 74")
    func headWithheld() throws {
        let server = FakeSyncServer()
        let (m, held) = try Self.setUp(server)
        server.state.withLock { $0.omitTreeHead = true }
        try Self.expectRefused(m, held: held, .badHead("the server sent none"))
    }
}
