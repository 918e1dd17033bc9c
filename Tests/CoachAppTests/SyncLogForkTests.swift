import CoachApp
import CoachKit
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// A server that shows a replica another history than the one it verified (a fork): a larger
/// log that does not extend it, or the same size with another root, is exit 74 naming the
/// sizes, before anything of the pull is applied.
@Suite struct SyncLogForkTests {
    @Test("A larger log that does not extend the verified one is exit 74 (forked)")
    func forkedLarger() throws {
        let server = FakeSyncServer()
        let (m, held) = try SyncLogRollbackTests.setUp(server)
        server.forkLog(at: 0)
        let size = UInt64(server.state.withLock { $0.leaves.count })
        #expect(size > UInt64(held))
        try SyncLogRollbackTests.expectRefused(
            m, held: held, .forked(held: UInt64(held), served: size))
    }

    @Test("The same size with another root is exit 74 (forked)")
    func forkedSameSize() throws {
        let server = FakeSyncServer()
        let (m, held) = try SyncLogRollbackTests.setUp(server)
        server.rollLogBack(to: Int(held))
        server.forkLog(at: Int(held) - 1)
        try SyncLogRollbackTests.expectRefused(
            m, held: held, .forked(held: UInt64(held), served: UInt64(held)))
    }

    /// A, shown another history than B (its verified head at `size` with another root),
    /// signs a check-in naming it as seen and pushes it; its own pull then refuses the log.
    static func forkedSeen(_ m: SyncTwoMachinesTests.Machines, server: FakeSyncServer) throws
        -> UInt64
    {
        let a = try m.session(m.envA)
        defer { a.close() }
        let size = try #require(try a.workspace.logSize(as: a.principal)) + 1
        try SyncLogMarkTests.file(a).write { db in
            var head = try #require(try SignedTreeHead.held(in: db))
            head.size = UInt64(size)
            head.root = [UInt8](repeating: 0xF0, count: 32)
            try db.execute(sql: SyncLogTables.setHead, arguments: [Data(head.encoded())])
        }
        _ = try a.logBook(Handle("jane"), date: "2026-11-23").saveWellness(
            mood: 3, doms: [], notes: "seen on A's fork")
        #expect(throws: LogFailure.self) { try a.sync() }
        return UInt64(size)
    }

    @Test("A change signed after a verified pull names that head as seen; B checks and takes it")
    func seenChecked() throws {
        let server = FakeSyncServer()
        let (m, _) = try SyncLogRollbackTests.setUp(server)
        let a = try m.session(m.envA)
        let held = try #require(try a.workspace.verifiedLogHead(as: a.principal))
        _ = try a.logBook(Handle("jane"), date: "2026-11-23").saveWellness(
            mood: 3, doms: [], notes: "names A's head")
        _ = try a.sync()
        a.close()
        let b = try m.session(m.envB)
        defer { b.close() }
        let before = server.state.withLock { $0.proofRequests }
        _ = try b.sync()
        #expect(server.state.withLock { $0.proofRequests } > before)
        let envelopes = try SyncLogMarkTests.file(b).read { db in
            try Data.fetchAll(db, sql: "SELECT envelope FROM record_changes")
        }
        let seen = try envelopes.compactMap { try ChangeEnvelope.decode([UInt8]($0)).seen }
        #expect(seen.contains(LogPosition(size: UInt64(held.size), root: held.root.bytes)))
    }

    @Test("A's change naming a head from another history is exit 74 on B, nothing applied")
    func seenForked() throws {
        let server = FakeSyncServer()
        let (m, held) = try SyncLogRollbackTests.setUp(server)
        let size = try Self.forkedSeen(m, server: server)
        let before = try m.export(m.envB)
        let b = try m.session(m.envB)
        do {
            _ = try b.sync()
            Issue.record("B took a change naming another history")
        } catch LogFailure.seenForked(_, let seen) {
            #expect(seen == size)
        }
        #expect(try b.workspace.logSize(as: b.principal) == held)
        let evidence = try #require(try b.workspace.newestLogEvidence())
        #expect(evidence.kind == "seen_fork")
        let kept = try JSONDecoder().decode(LogEvidence.self, from: Data(evidence.json.utf8))
        let change = try #require(kept.change)
        let envelope = try ChangeEnvelope.decode(try SyncLogEvidenceTests.bytes(change.envelope))
        #expect(envelope.seen?.size == size && envelope.device.rawValue == change.device)
        b.close()
        #expect(try m.export(m.envB) == before)
    }
}
