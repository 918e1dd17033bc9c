import CoachApp
import CoachKit
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// After the owner's log reset, what a replica knows of it comes from the owner-signed
/// statement on the verified roster and the user's own marks: a replica that never verified
/// the lost log takes the given-back changes, another user of a machine that took the reset
/// follows it, a checkpoint of the lost log stops counting, and the file's reset columns
/// count for nothing.
@Suite struct SyncLogResetReplicaTests {
    typealias Resets = SyncLogResetTests

    @Test("A replica that never verified the lost log takes back the changes naming it")
    func replicaBehindTheLostLog() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        try Resets.sync(m, [m.envA, m.envB])
        let dump = server.dump()
        // Only A sees the log grow past the dump; its last three changes name that head.
        let a = try m.session(m.envA)
        _ = try a.logBook(Handle("jane"), date: "2026-11-20").saveWellness(
            mood: 2, doms: [], notes: "A after the dump")
        _ = try a.sync()
        for day in ["2026-11-21", "2026-11-22", "2026-11-23"] {
            _ = try a.logBook(Handle("jane"), date: day).saveWellness(
                mood: 3, doms: [], notes: "naming a lost head \(day)")
        }
        _ = try a.sync()
        a.close()
        let before = try m.export(m.envA)
        server.restore(dump)
        let owner = try m.session(m.envA)
        #expect(try owner.logReset().sync?.restored == 4)
        owner.close()
        // B's log is the restored one: it takes no reset, but the roster's vouches for
        // what came back.
        let b = try m.session(m.envB)
        #expect(try b.sync().restored == 0)
        #expect(try b.workspace.lastLogResetTaken(as: b.principal) == 1)
        b.close()
        #expect(try m.export(m.envB) == before)
    }

    @Test("Another user of a machine that took the reset signs in and follows it")
    func secondUserFollowsReset() throws {
        let r = try Resets.restored()
        // Carl signs in on A while its file holds the lost log: his mark takes that head.
        let carl = try r.m.sandbox.session(as: "carl")
        let lost = try #require(try carl.workspace.logSize(as: carl.principal))
        carl.close()
        let a = try r.m.session(r.m.envA)
        _ = try a.logReset()
        let restored = try #require(try a.workspace.logSize(as: a.principal))
        a.close()
        #expect(restored < lost)
        let again = try r.m.sandbox.session(as: "carl")
        #expect(try again.workspace.logSize(as: again.principal) == restored)
        #expect(try again.workspace.lastLogResetTaken(as: again.principal) == 1)
        again.close()
    }

    @Test("An owner checkpoint of the lost log stops counting once the reset is taken")
    func lostCheckpointSuperseded() throws {
        let r = try Resets.restored()
        // Both replicas hold the owner's checkpoint of a larger log the server lost (the
        // server's key signed it; the roster that carried it went with the dump).
        let pair = try #require(FakeSyncServer.logKeyPair)
        for env in [r.m.envA, r.m.envB] {
            let s = try r.m.session(env)
            try SyncLogMarkTests.file(s).write { db in
                var head = try #require(try SignedTreeHead.held(in: db))
                head.size += 10
                head.root = [UInt8](repeating: 9, count: head.root.count)
                head.sign(by: pair)
                var checkpoint = TreeHeadCountersignature(head: head)
                checkpoint.sign(by: s.principal.signKeys)
                try db.execute(
                    sql: SyncLogTables.setCheckpoint, arguments: [Data(checkpoint.encoded())])
            }
            s.close()
        }
        let owner = try r.m.session(r.m.envA)
        let lost = try #require(try owner.workspace.logCheckpoint(as: owner.principal))
        _ = try owner.logReset()
        owner.close()
        try Resets.sync(r.m, [r.m.envB, r.m.envA])
        for env in [r.m.envA, r.m.envB] {
            let s = try r.m.session(env)
            // A checkpoint held now is the owner's new one, of this log.
            let head = try #require(try s.workspace.verifiedLogHead(as: s.principal))
            let held = try s.workspace.logCheckpoint(as: s.principal)
            #expect(held != lost)
            #expect((held?.head.size ?? 0) <= head.size)
            #expect(try s.syncStatus().checkpointSize ?? 0 <= head.size)
            #expect(try s.verifyAudit().ok)
            s.close()
        }
    }

    @Test("A head planted in the file, not signed by the certified log key, is exit 74")
    func plantedHead() throws {
        let (m, _, _, newer) = try SyncLogMarkTests.copiedAside(FakeSyncServer())
        let b = try m.session(m.envB)
        try SyncLogMarkTests.file(b).write { db in
            var head = try #require(try SignedTreeHead.held(in: db))
            head.size = UInt64(newer) + 100
            try db.execute(sql: SyncLogTables.setHead, arguments: [Data(head.encoded())])
        }
        b.close()
        do {
            let again = try m.session(m.envB)
            again.close()
            Issue.record("B signed in on a file with a planted head")
        } catch let StoreError.tampered(what, _) {
            #expect(what.contains("verified tree head in this file"), "\(what)")
            #expect(StoreError.tampered(what).category == .corrupt)
        }
    }

    @Test("The file's reset columns count for nothing: the statement and the marks do")
    func editedColumns() throws {
        let r = try Resets.restored()
        let a = try r.m.session(r.m.envA)
        _ = try a.logReset()
        try SyncLogMarkTests.file(a).write { db in
            try db.execute(sql: "UPDATE sync_log SET reset_counter = 0, reset_time = 0")
        }
        #expect(try a.workspace.lastLogResetTaken(as: a.principal) == 1)
        // A planted statement (not the owner's) in the file is tampering.
        try SyncLogMarkTests.file(a).write { db in
            var reset = try #require(try Workspace.heldLogReset(db, anchor: a.principal.anchor))
            reset.time += 1
            try db.execute(
                sql: SyncLogResetTables.setStatement, arguments: [Data(reset.encoded())])
        }
        #expect(throws: StoreError.self) { try a.sync() }
        a.close()
    }
}
