import CoachApp
import CoachKit
import CoachTestSupport
import CoachTrust
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Two users syncing from one workspace file (issue 26, Build 8): the owner and coach carl on
/// machine A, each with a device of their own on it, and the owner's machine B. Whichever user
/// syncs first, the other user's queued changes are neither lost, nor signed by the wrong
/// device, nor left stale for ever.
@Suite struct SyncSharedMachineTests {
    typealias Machines = SyncTwoMachinesTests.Machines

    static func carl(_ m: Machines) throws -> AppSession {
        let s = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: m.envA)
        try s.ensureDevice()
        return s
    }

    /// One `sync` of the owner on `environment`, or of carl on A.
    @discardableResult
    static func sync(_ m: Machines, _ environment: AppEnvironment?) throws -> SyncReport {
        let s = try environment.map(m.session) ?? (try carl(m))
        defer { s.close() }
        return try s.sync()
    }

    static func name(_ m: Machines, _ environment: AppEnvironment) throws -> String {
        let s = try m.session(environment)
        defer { s.close() }
        return try s.athlete(Handle("jane")).profile.name
    }

    /// Machines A (the owner and carl) and B, in step.
    static func inStep() throws -> Machines {
        let m = try SyncTwoMachinesTests.machines(FakeSyncServer())
        for environment in [m.envA, nil, m.envB, m.envA] { try sync(m, environment) }
        return m
    }

    static func rename(_ m: Machines, _ environment: AppEnvironment?, to name: String) throws {
        let s = try environment.map(m.session) ?? (try carl(m))
        defer { s.close() }
        try s.editAthlete(Handle("jane")) { $0.name = name }
    }

    @Test("A pulled change meets another user's queued change here: all converge, loser listed")
    func pullMeetsOtherUsersQueue() throws {
        let m = try Self.inStep()
        try Self.rename(m, nil, to: "Jane by carl")
        try Self.rename(m, m.envB, to: "Jane by B")
        try Self.sync(m, m.envB)
        // The owner on A pulls B's rename over carl's queued one (before: refused as a device
        // that is not open, and the owner could not sync until carl did).
        let owner = try Self.sync(m, m.envA)
        #expect(owner.applied == 1 && owner.queued == 1)
        #expect(try Self.name(m, m.envA) == "Jane by B")
        // Carl's sync merges his queued rename with B's: one conflict, resolved by the clock.
        let carl = try Self.sync(m, nil)
        #expect(carl.conflicts == 1 && carl.queued == 0)
        for environment in [m.envB, m.envA] { try Self.sync(m, environment) }
        #expect(try Self.name(m, m.envA) == (try Self.name(m, m.envB)))
        #expect(try m.export(m.envA) == (try m.export(m.envB)))
        let a = try m.session(m.envA)
        defer { a.close() }
        #expect(try a.syncStatus().queued == 0)
        let conflicts = try a.syncConflicts()
        #expect(conflicts.count == 1)
        let name = try Self.name(m, m.envB)
        let loser = name == "Jane by carl" ? "Jane by B" : "Jane by carl"
        #expect(["Jane by carl", "Jane by B"].contains(name))
        #expect(conflicts.first?.winner.value?.contains(name) == true)
        #expect(conflicts.first?.loser.value?.contains(loser) == true)
        // Carl's device resolved it, here and on B (which pulled his note).
        let c = try Self.carl(m)
        let device = try c.workspace.withDeviceKey { id, _ in id.rawValue }
        c.close()
        #expect(conflicts.first?.resolver == device)
        let b = try m.session(m.envB)
        defer { b.close() }
        #expect(try b.syncConflicts() == conflicts)
    }

    @Test("A change made on top of another user's queued change here is pushed after it")
    func editOnTopOfOtherUsersQueue() throws {
        let m = try Self.inStep()
        try Self.rename(m, nil, to: "Jane by carl")
        try Self.rename(m, m.envA, to: "Jane by olivia")
        // The owner's rename was made on top of carl's queued one: it waits for carl's sync
        // (before: refused as stale three times, and the sync failed).
        let first = try Self.sync(m, m.envA)
        #expect(first.pushed == 0 && first.queued == 2 && first.waitingFor == ["carl"])
        #expect(try Self.sync(m, nil).pushed == 1)
        let second = try Self.sync(m, m.envA)
        #expect(second.pushed == 1 && second.waitingFor.isEmpty)
        try Self.sync(m, m.envB)
        #expect(try Self.name(m, m.envB) == "Jane by olivia")
        #expect(try m.export(m.envA) == (try m.export(m.envB)))
        let a = try m.session(m.envA)
        defer { a.close() }
        #expect(try a.syncStatus().queued == 0)
    }

    @Test("A change behind a record altered in the file is exit 74 before carl's queue merges it")
    func alteredChangeBehindRecord() throws {
        let m = try Self.inStep()
        try Self.rename(m, nil, to: "Jane by carl")
        try Self.rename(m, m.envB, to: "Jane by B")
        try Self.sync(m, m.envB)
        try Self.sync(m, m.envA)
        let owner = try m.session(m.envA)
        let ws = try #require(owner.workspace as? Workspace)
        try ws.write { db in
            let row = try #require(
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT rc.athlete_id, rc.object, rc.envelope FROM record_changes rc
                        JOIN outbox o USING (athlete_id, object)
                        """))
            var change = try ChangeEnvelope.decode([UInt8](row["envelope"] as Data))
            change.signature[0] ^= 1
            try db.execute(
                sql: "UPDATE record_changes SET envelope = ? WHERE athlete_id = ? AND object = ?",
                arguments: [
                    Data(change.encoded()), row["athlete_id"] as String, row["object"] as String,
                ])
        }
        owner.close()
        let error = #expect(throws: SyncFailure.self) { try Self.sync(m, nil) }
        #expect(error?.category == .corrupt, "\(String(describing: error))")
        let a = try m.session(m.envA)
        defer { a.close() }
        #expect(try a.syncStatus().queued == 1)  // carl's rename, neither merged nor sent
        #expect(try a.syncConflicts().isEmpty)
    }

    @Test("A change on top of another user's queued change that a pulled one beat is merged too")
    func onTopOfRebasedQueue() throws {
        let m = try Self.inStep()
        try Self.rename(m, m.envA, to: "Jane by olivia")
        try Self.rename(m, nil, to: "Jane by carl")  // on top of the owner's queued rename
        // B renames an hour later, so B's rename beats the owner's on A.
        var later = m.envB.variables
        later["COACH_NOW"] = "2026-11-24T08:00:00+01:00"
        var envLater = try AppEnvironment(variables: later)
        envLater.syncTransport = m.envB.syncTransport
        try Self.rename(m, envLater, to: "Jane by B")
        try Self.sync(m, m.envB)
        for environment in [m.envA, nil, m.envA, nil, m.envB, m.envA] {
            try Self.sync(m, environment)
        }
        let name = try Self.name(m, m.envA)
        #expect(try Self.name(m, m.envB) == name)
        #expect(try m.export(m.envA) == (try m.export(m.envB)))
        let a = try m.session(m.envA)
        defer { a.close() }
        #expect(try a.syncStatus().queued == 0)
        // B's rename, the latest, is kept; the owner's and carl's (made on top of hers) are
        // both listed as losers, never overwritten unlisted.
        #expect(name == "Jane by B")
        let losers = try a.syncConflicts().compactMap(\.loser.value)
        #expect(losers.contains { $0.contains("Jane by olivia") }, "\(losers)")
        #expect(losers.contains { $0.contains("Jane by carl") }, "\(losers)")
    }

    @Test("A queued change planted in the file for another device is exit 74, never waited for")
    func plantedWaitRefused() throws {
        let m = try Self.inStep()
        try Self.rename(m, m.envA, to: "Jane by olivia")
        let owner = try m.session(m.envA)
        let ws = try #require(owner.workspace as? Workspace)
        // An insider copies the owner's queued change as carl's, one version lower, and
        // cannot sign it with carl's device key.
        try ws.write { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM outbox"))
            let carl = try #require(
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT d.id, d.user_id FROM devices d JOIN users u ON u.id = d.user_id
                        WHERE u.handle = 'carl'
                        """))
            var change = try ChangeEnvelope.decode([UInt8](row["envelope"] as Data))
            change.device = DeviceID(carl["id"] as String)
            change.author = UserID(carl["user_id"] as String)
            change.baseVersion -= 1
            change.signature[0] ^= 1
            try db.execute(
                sql: SyncTables.insertOutbox,
                arguments: [
                    carl["id"] as String, 1, row["athlete_id"] as String, row["object"] as String,
                    Data(change.encoded()), nil as Data?,
                ])
        }
        owner.close()
        // Before: exit 0, nothing pushed, "waiting for carl", on every sync.
        let error = #expect(throws: StoreError.self) { try Self.sync(m, m.envA) }
        #expect(error?.category == .corrupt, "\(String(describing: error))")
    }

    @Test("A change on top of carl's queued one no longer waits for him once he lost the athlete")
    func noWaitAfterRevocation() throws {
        let m = try Self.inStep()
        try Self.rename(m, nil, to: "Jane by carl")
        try Self.rename(m, m.envA, to: "Jane by olivia")
        #expect(try Self.sync(m, m.envA).waitingFor == ["carl"])
        let a = try m.session(m.envA)
        defer { a.close() }
        try a.revokeAccess(athlete: Handle("jane"), from: Handle("carl"))
        // Carl's queued change can never be pushed now (he holds no grant of jane's current
        // epoch), so nothing waits for it, and the owner's change is made again on the
        // version carl's started from, which the server holds.
        let ws = try #require(a.workspace as? Workspace)
        #expect(try ws.outboxWaits(as: a.principal).isEmpty)
        let report = try a.sync()
        #expect(report.pushed == 1 && report.waitingFor.isEmpty)
        try Self.sync(m, m.envB)
        #expect(try Self.name(m, m.envB) == "Jane by olivia")
    }
}
