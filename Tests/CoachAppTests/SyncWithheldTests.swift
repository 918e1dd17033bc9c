import CoachApp
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import GRDB
import Testing

/// Redacted changes whose re-seal comes in a later pull page: applied header only and kept
/// waiting (`sync_withheld`, signed into the audit log), cleared by the re-seal, and refused
/// at the end of the pull when nothing justifies them, at every sync, whatever an insider
/// deletes from the table.
@Suite struct SyncWithheldTests {
    /// The owner's machine rekeys jane after revoking carl and syncs: the server drops the
    /// bodies the re-seals superseded.
    static func rekeyed() throws -> SyncJoinTests.Machines {
        let m = try SyncJoinTests.published()
        let a = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        defer { a.close() }
        _ = try a.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
            mood: 4, doms: [], notes: "second day")
        _ = try a.sync()
        try a.revokeAccess(athlete: Handle("jane"), from: Handle("carl"))
        _ = try a.sync()
        #expect(try a.rekey(athlete: Handle("jane")) > 0)
        #expect(try a.sync().redacted >= 2)
        return m
    }

    /// Two entries synced by the owner after B joined, the older one's body then dropped by
    /// the server with nothing superseding it; pages of one change.
    static func withheld() throws -> (SyncJoinTests.Machines, Int64, ChangeEnvelope) {
        let m = try SyncJoinTests.published()
        _ = try m.join("olivia")
        let a = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        _ = try a.logBook(Handle("jane"), date: "2026-11-22").saveWellness(
            mood: 4, doms: [], notes: "withheld later")
        _ = try a.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
            mood: 5, doms: [], notes: "served whole")
        _ = try a.sync()
        let jane = try SyncRevocationTests.jane(a)
        a.close()
        let stream = try SyncRedactionTests.stored(m.server, jane)
        let target = Int64(stream.count - 1)
        try m.server.withhold(jane, sseq: target)
        m.server.state.withLock { $0.pageLimit = 1 }
        return (m, target, stream[stream.count - 2])
    }

    /// Syncs B and expects the withheld body refused, exit 74, naming the change.
    static func expectWithheld(
        _ m: SyncJoinTests.Machines, _ target: Int64, _ victim: ChangeEnvelope
    ) throws {
        let b = try AppSession.open(SignIn(), environment: m.envB)
        defer { b.close() }
        do {
            _ = try b.sync()
            Issue.record("the replica ended a pull with a withheld body")
        } catch let failure as SyncFailure {
            guard case .streamBroken(_, let reason) = failure else {
                Issue.record("not a broken stream: \(failure)")
                return
            }
            #expect(reason.contains("withheld the body of change \(target)"))
            #expect(reason.contains(victim.object) && reason.contains(victim.device.rawValue))
            #expect(failure.category == .corrupt)
        }
    }

    @Test("A joiner paging one change at a time through a rekeyed stream converges")
    func pagedJoin() throws {
        let m = try Self.rekeyed()
        m.server.state.withLock { $0.pageLimit = 1 }
        let report = try m.join("olivia")
        #expect(report.applied > 0)
        #expect(try m.export(m.envB, as: "olivia") == (try m.export(m.envA, as: "olivia")))
        let b = try AppSession.open(SignIn(), environment: m.envB)
        defer { b.close() }
        _ = try b.sync()
        let audit = try AppWorkspace(SignIn(), environment: m.envB).verifyAudit()
        #expect(audit.ok)
        let waiting = try DatabaseQueue(path: m.pathB).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_withheld")
        }
        #expect(waiting == 0)
    }

    @Test("A body withheld in an early page, never re-sealed, is exit 74 at the end, every sync")
    func withheldEarly() throws {
        let (m, target, victim) = try Self.withheld()
        try Self.expectWithheld(m, target, victim)
        // The later page was applied; nothing of the withheld body was written.
        let after = try m.export(m.envB, as: "olivia")
        #expect(after.contains("served whole"))
        #expect(!after.contains("withheld later"))
        try Self.expectWithheld(m, target, victim)
        #expect(try m.export(m.envB, as: "olivia") == after)
    }

    @Test("An insider deleting the waiting rows does not make a withheld body pass")
    func insiderDeletesWaiting() throws {
        let (m, target, victim) = try Self.withheld()
        try Self.expectWithheld(m, target, victim)
        try DatabaseQueue(path: m.pathB).write { db in
            try db.execute(sql: "DELETE FROM sync_withheld")
        }
        let b = try AppSession.open(SignIn(), environment: m.envB)
        defer { b.close() }
        #expect {
            _ = try b.sync()
        } throws: { error in
            guard case StoreError.tampered(let what, _) = error else { return false }
            return what.contains("withheld changes")
        }
    }

    @Test("An insider deleting the waiting rows and their audit entries is exit 74 too")
    func insiderDeletesAudit() throws {
        let (m, target, victim) = try Self.withheld()
        try Self.expectWithheld(m, target, victim)
        // A later entry of B's own: the deleted ones are no longer the last B wrote.
        let later = try AppSession.open(SignIn(), environment: m.envB)
        _ = try later.logBook(Handle("jane"), date: "2026-11-21").saveWellness(
            mood: 3, doms: [], notes: "after the refusal")
        later.close()
        try DatabaseQueue(path: m.pathB).write { db in
            try db.execute(sql: "DELETE FROM sync_withheld")
            try db.execute(sql: "DELETE FROM audit WHERE action = 'sync.withheld'")
        }
        #expect {
            let b = try AppSession.open(SignIn(), environment: m.envB)
            defer { b.close() }
            _ = try b.sync()
        } throws: { error in
            guard case StoreError.tampered(let what, _) = error else { return false }
            return what.contains("audit log of this workspace file")
        }
    }
}
