import CoachApp
import CoachKit
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// A server restored from an older dump: every replica that verified more refuses it (exit 74)
/// until the owner's reset names the restored log; then the replicas take it, give back the
/// changes it lost, and converge. A reset that is not the owner's, or that a replica took
/// already, changes nothing.
@Suite struct SyncLogResetTests {
    struct Restored {
        let m: SyncTwoMachinesTests.Machines
        let server: FakeSyncServer
        /// A's export before the dump was restored (it holds the three days).
        let before: String
    }

    /// Both machines synced; the server's state dumped; A logs three days and syncs, B syncs;
    /// then the dump is restored.
    static func restored() throws -> Restored {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        try sync(m, [m.envA, m.envB])
        let dump = server.dump()
        let a = try m.session(m.envA)
        for day in ["2026-11-21", "2026-11-22", "2026-11-23"] {
            _ = try a.logBook(Handle("jane"), date: day).saveWellness(
                mood: 3, doms: [], notes: "after the dump \(day)")
        }
        _ = try a.sync()
        a.close()
        try sync(m, [m.envB])
        let before = try m.export(m.envA)
        #expect(before == (try m.export(m.envB)))
        server.restore(dump)
        return Restored(m: m, server: server, before: before)
    }

    static func sync(_ m: SyncTwoMachinesTests.Machines, _ envs: [AppEnvironment]) throws {
        for env in envs {
            let s = try m.session(env)
            _ = try s.sync()
            s.close()
        }
    }

    /// Syncs the machine at `env`, expecting exit 74; its export and held log stay.
    static func expectRefused(
        _ r: Restored, _ env: AppEnvironment, where matches: (LogFailure) -> Bool
    ) throws {
        let export = try r.m.export(env)
        let s = try r.m.session(env)
        let held = try s.workspace.logSize(as: s.principal)
        do {
            _ = try s.sync()
            Issue.record("the sync was not refused")
        } catch let failure as LogFailure {
            #expect(matches(failure), "\(failure)")
            #expect(failure.category == .corrupt)
        }
        #expect(try s.workspace.logSize(as: s.principal) == held)
        s.close()
        #expect(try r.m.export(env) == export)
    }

    @Test("After the owner's reset both replicas take the restored log, re-push and converge")
    func resetConverges() throws {
        let r = try Self.restored()
        for env in [r.m.envA, r.m.envB] {
            try Self.expectRefused(r, env) {
                if case .rolledBack = $0 { return true }
                return false
            }
        }
        let a = try r.m.session(r.m.envA)
        let preview = try a.logResetPreview()
        #expect(preview.counter == 1)
        #expect(preview.serverSize < (preview.localSize ?? 0))
        let report = try a.logReset()
        #expect(report.done)
        #expect(report.sync?.restored == 3)
        #expect(try a.workspace.logResetState().counter == 1)
        #expect(try a.workspace.logResetState().restorePending == false)
        a.close()
        let b = try r.m.session(r.m.envB)
        #expect(try b.sync().restored == 0)
        b.close()
        try Self.sync(r.m, [r.m.envA])
        #expect(try r.m.export(r.m.envA) == r.before)
        #expect(try r.m.export(r.m.envB) == r.before)
        // Given back once: B's copy of the same three changes was present.
        #expect(r.server.state.withLock { $0.restored } == 3)
    }

    @Test("Changes naming a head the restored server lost come back and apply after the reset")
    func seenOfLostLog() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        try Self.sync(m, [m.envA, m.envB])
        let dump = server.dump()
        // The log grows past the dump, A verifies it, then signs three days naming that head.
        let b = try m.session(m.envB)
        _ = try b.logBook(Handle("jane"), date: "2026-11-20").saveWellness(
            mood: 2, doms: [], notes: "B after the dump")
        _ = try b.sync()
        b.close()
        let a = try m.session(m.envA)
        _ = try a.sync()
        for day in ["2026-11-21", "2026-11-22", "2026-11-23"] {
            _ = try a.logBook(Handle("jane"), date: day).saveWellness(
                mood: 3, doms: [], notes: "naming a lost head \(day)")
        }
        _ = try a.sync()
        a.close()
        try Self.sync(m, [m.envB])
        let before = try m.export(m.envA)
        server.restore(dump)
        let owner = try m.session(m.envA)
        #expect(try owner.logReset().sync?.restored == 4)
        owner.close()
        try Self.sync(m, [m.envB, m.envA])
        #expect(try m.export(m.envA) == before)
        #expect(try m.export(m.envB) == before)
    }

    @Test("A restore cut short is done again at the next sync: given back once, converged")
    func restoreResumes() throws {
        let r = try Self.restored()
        r.server.state.withLock { $0.cutNextRestore = true }
        let a = try r.m.session(r.m.envA)
        #expect(throws: SyncRemoteFailure.self) { try a.logReset() }
        #expect(try a.workspace.logResetState() == (1, true))
        #expect(try a.sync().restored == 3)
        #expect(try a.workspace.logResetState() == (1, false))
        a.close()
        try Self.sync(r.m, [r.m.envB, r.m.envA])
        #expect(try r.m.export(r.m.envB) == r.before)
        #expect(r.server.state.withLock { $0.restored } == 3)
    }

    @Test("Only the owner resets the log: a coach's log-reset is refused before anything is sent")
    func coachMayNotReset() throws {
        let r = try Self.restored()
        let carl = try r.m.sandbox.session(as: "carl")
        defer { carl.close() }
        let paths = r.server.state.withLock { $0.paths.count }
        #expect(throws: StoreError.permissionDenied("only the owner resets the server's log")) {
            try carl.logReset()
        }
        #expect(r.server.state.withLock { $0.paths.count } == paths)
    }

    @Test("A reset signed by a coach, planted on the roster, is refused with exit 74")
    func coachSignedReset() throws {
        let r = try Self.restored()
        let carl = try r.m.sandbox.session(as: "carl")
        let head = try r.server.treeHead(workspace: carl.principal.anchor.workspaceId)
        var reset = LogResetStatement(
            workspaceId: carl.principal.anchor.workspaceId, counter: 1,
            restoredSize: head.size, restoredRoot: head.root,
            restoredRosterHead: [UInt8](repeating: 0, count: 32), lostSize: 1_000,
            lostRoot: [UInt8](repeating: 1, count: 32), time: Int64.max / 2)
        reset.sign(by: carl.principal.signKeys)
        carl.close()
        r.server.state.withLock { $0.roster.append(.logReset(RosterLogReset(reset))) }
        try Self.expectRefused(r, r.m.envB) { $0 == .badReset("not signed by the owner") }
        #expect(r.server.state.withLock { $0.restored } == 0)
    }

    @Test("A reset replayed by a server restored again is refused")
    func replayedReset() throws {
        let r = try Self.restored()
        let a = try r.m.session(r.m.envA)
        _ = try a.logReset()
        a.close()
        try Self.sync(r.m, [r.m.envB, r.m.envA])
        let afterReset = r.server.dump()
        let b = try r.m.session(r.m.envB)
        _ = try b.logBook(Handle("jane"), date: "2026-11-20").saveWellness(
            mood: 4, doms: [], notes: "after the reset")
        _ = try b.sync()
        b.close()
        r.server.restore(afterReset)
        // B refuses either way: as a rollback when it took reset 1 (its number is taken), or,
        // when the fake's restored log came out equal to the lost one and B had no reset to
        // take, because reset 1 gives up less than B verified since.
        try Self.expectRefused(r, r.m.envB) {
            switch $0 {
            case .rolledBack: true
            case .badReset(let why): why.contains("verified")
            default: false
            }
        }
    }

    @Test("A reset giving up less than a replica verified is refused there")
    func resetBelowVerified() throws {
        let r = try Self.restored()
        let a = try r.m.session(r.m.envA)
        _ = try a.logReset()
        a.close()
        try Self.sync(r.m, [r.m.envB, r.m.envA])
        let afterReset = r.server.dump()
        // B verifies a larger log than A, which then resets to the older dump again.
        let b = try r.m.session(r.m.envB)
        _ = try b.logBook(Handle("jane"), date: "2026-11-20").saveWellness(
            mood: 4, doms: [], notes: "only B saw this log")
        _ = try b.sync()
        b.close()
        r.server.restore(afterReset)
        let a2 = try r.m.session(r.m.envA)
        // A verified nothing past the restored log: there is nothing for it to reset.
        #expect(throws: StoreError.self) { try a2.logReset() }
        a2.close()
        // A reset 2 signed over A's view, planted: B verified past its given-up log.
        let owner = try r.m.session(r.m.envA)
        let head = try r.server.treeHead(workspace: owner.principal.anchor.workspaceId)
        var reset = try owner.workspace.logResetStatement(
            served: ServerTreeHead(head), rosterHead: .empty, as: owner.principal)
        reset.lostSize = head.size
        reset.lostRoot = head.root
        reset.sign(by: owner.principal.signKeys)
        owner.close()
        r.server.state.withLock { $0.roster.append(.logReset(RosterLogReset(reset))) }
        try Self.expectRefused(r, r.m.envB) {
            if case .badReset(let why) = $0 { return why.contains("verified") }
            return false
        }
    }
}
