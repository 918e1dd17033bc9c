import CoachApp
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

/// Revocation with offline replicas: after the owner revokes the coach from jane, the server
/// takes jane's changes only under her new epoch; another holder's queued change is sealed
/// again and taken; the revoked coach's queued change is refused, kept and reported.
@Suite struct SyncRevocationTests {
    static func jane(_ session: AppSession) throws -> AthleteID {
        try session.athlete(Handle("jane")).id
    }

    /// Machines A and B in step, then `offline` runs on B, then A revokes carl from jane.
    static func revokedWhile(_ offline: (SyncTwoMachinesTests.Machines) throws -> Void) throws
        -> (FakeSyncServer, SyncTwoMachinesTests.Machines)
    {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        for env in [m.envA, m.envB] {
            let s = try m.session(env)
            _ = try s.sync()
            s.close()
        }
        try offline(m)
        let a = try m.session(m.envA)
        defer { a.close() }
        try a.revokeAccess(athlete: Handle("jane"), from: Handle("carl"))
        return (server, m)
    }

    @Test("Another holder's change queued under the old epoch is sealed again and taken")
    func otherHolderResealed() throws {
        let (server, m) = try Self.revokedWhile { m in
            let b = try m.session(m.envB)
            defer { b.close() }
            _ = try b.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
                mood: 4, doms: [], notes: "queued before the rotation")
            #expect(try b.syncStatus().queued == 1)
        }
        let b = try m.session(m.envB)
        let jane = try Self.jane(b)
        let report = try b.sync()
        #expect(report.pushed == 1)
        #expect(report.queued == 0)
        b.close()
        let stored = try #require(server.state.withLock { $0.streams[jane]?.last })
        #expect(try ChangeEnvelope.decode(stored.change.bytes).epoch == 2)
        let a = try m.session(m.envA)
        _ = try a.sync()
        a.close()
        #expect(try m.export(m.envA) == (try m.export(m.envB)))
        let s = try m.session(m.envA)
        defer { s.close() }
        #expect(
            try s.exportDataset(Handle("jane")).wellness.compactMap(\.notes)
                .contains("queued before the rotation"))
    }

    @Test("The revoked coach's queued change is refused, kept and reported; no new key is his")
    func revokedCoachOffline() throws {
        let (server, m) = try Self.revokedWhile { m in
            let carl = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: m.envB)
            defer { carl.close() }
            _ = try carl.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
                mood: 1, doms: [], notes: "written by carl offline")
            #expect(try carl.syncStatus().queued == 1)
        }
        let before = server.stored
        let carl = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: m.envB)
        defer { carl.close() }
        do {
            _ = try carl.sync()
            Issue.record("the revoked coach's sync reported nothing")
        } catch let failure as SyncFailure {
            guard case .accessRevoked(let athletes, let changes) = failure else {
                Issue.record("not a revocation: \(failure)")
                return
            }
            #expect(changes == 1)
            #expect(athletes.count == 1)
            #expect(failure.category == .permission)
            #expect(!failure.problemDescription.contains("\n"))
        }
        #expect(server.stored == before)
        let status = try carl.syncStatus()
        #expect(status.queued == 1)
        #expect(status.revoked.map(\.changes) == [1])
        // Jane's new key went to the remaining holders only.
        let owner = try m.session(m.envA)
        defer { owner.close() }
        let jane = try Self.jane(owner)
        var holders: Set<UserID> = []
        var users: [String: UserID] = [:]
        for entry in server.state.withLock({ $0.roster }) {
            if case .user(let user) = entry { users[user.handle] = user.userId }
            if case .grant(let grant) = entry, grant.athleteId == jane, grant.epoch == 2 {
                holders.insert(grant.userId)
            }
        }
        #expect(!holders.isEmpty)
        #expect(!holders.contains(try #require(users["carl"])))
    }
}
