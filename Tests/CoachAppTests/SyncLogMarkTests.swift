import CoachApp
import CoachKit
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// The newest tree head a user verified is kept in their marks outside the file too: a
/// workspace file copied back with an older verified head (a smaller log, or the same size
/// with another root) is refused at sign-in, exit 74 naming both sizes, before anything is
/// read or pulled.
@Suite struct SyncLogMarkTests {
    /// B's file after its first verified pull, copied aside; then B pulls A's check-in, so
    /// its marks hold the larger head.
    static func copiedAside(_ server: FakeSyncServer) throws
        -> (m: SyncTwoMachinesTests.Machines, copy: String, held: Int64, newer: Int64)
    {
        let (m, held) = try SyncLogRollbackTests.setUp(server)
        let copy = m.folderB.path + "/older-copy.sqlite"
        let b = try m.session(m.envB)
        try b.workspace.backup(to: copy)
        _ = try b.sync()
        let newer = try #require(try b.workspace.logSize(as: b.principal))
        b.close()
        #expect(newer > held)
        return (m, copy, held, newer)
    }

    /// Replaces B's workspace file (and its WAL) with `copy`.
    static func putBack(_ copy: String, in m: SyncTwoMachinesTests.Machines) throws {
        let path = m.envB.workspacePath(explicit: nil)
        let fm = FileManager.default
        for suffix in ["", "-wal", "-shm"] { try? fm.removeItem(atPath: path + suffix) }
        try fm.copyItem(atPath: copy, toPath: path)
    }

    /// Signing in on B is refused as tampering whose message contains each of `naming`.
    static func expectRefused(
        _ m: SyncTwoMachinesTests.Machines, naming: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            let b = try m.session(m.envB)
            b.close()
            Issue.record(
                "B signed in on a file behind its log mark", sourceLocation: sourceLocation)
        } catch let StoreError.tampered(what, _) {
            #expect(what.contains("sync log"), "\(what)", sourceLocation: sourceLocation)
            for text in naming {
                #expect(what.contains(text), "\(what)", sourceLocation: sourceLocation)
            }
            #expect(StoreError.tampered(what).category == .corrupt)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("A file copied back with an older verified head is exit 74 naming both sizes")
    func copiedBack() throws {
        let (m, copy, held, newer) = try Self.copiedAside(FakeSyncServer())
        try Self.putBack(copy, in: m)
        Self.expectRefused(m, naming: ["at \(held) changes", "the \(newer) this machine"])
        // On a machine without B's marks the copy is all there is: A still signs in.
        let a = try m.session(m.envA)
        a.close()
    }

    @Test("A verified head of the same size with another root in the file is exit 74")
    func sameSizeOtherRoot() throws {
        let (m, _, _, newer) = try Self.copiedAside(FakeSyncServer())
        let b = try m.session(m.envB)
        try Self.file(b).write { db in
            var head = try #require(try SignedTreeHead.held(in: db))
            head.root[0] ^= 1
            try db.execute(sql: SyncLogTables.setHead, arguments: [Data(head.encoded())])
        }
        b.close()
        Self.expectRefused(m, naming: ["at \(newer) changes has another root"])
    }

    @Test("An owner log reset with a higher counter lowers the mark; a replayed one does not")
    func resetLowersMark() throws {
        let (m, copy, held, _) = try Self.copiedAside(FakeSyncServer())
        let older = try Self.heldHead(of: copy, m)
        let b = try m.session(m.envB)
        try Self.file(b).write { db in
            try Self.file(b).takeLogReset(db, head: older, counter: 1, as: b.principal)
        }
        b.close()
        let again = try m.session(m.envB)
        #expect(try again.workspace.logSize(as: again.principal) == held)
        again.close()
        // The newer head comes back in the file; a replay of reset 1 cannot lower it again.
        let c = try m.session(m.envB)
        _ = try c.sync()
        try Self.file(c).write { db in
            try Self.file(c).takeLogReset(db, head: older, counter: 1, as: c.principal)
        }
        c.close()
        Self.expectRefused(m, naming: ["at \(held) changes"])
    }

    /// The session's workspace file, for writes a command does not make.
    static func file(_ session: AppSession) throws -> Workspace {
        try #require(session.workspace as? Workspace)
    }

    /// The verified head held in the file at `path`.
    static func heldHead(of path: String, _ m: SyncTwoMachinesTests.Machines) throws
        -> SignedTreeHead
    {
        let ws = try Workspace.open(
            at: path, clock: m.envB.clock, random: m.envB.random, ids: m.envB.ids)
        return try #require(try ws.read { db in try SignedTreeHead.held(in: db) })
    }
}
