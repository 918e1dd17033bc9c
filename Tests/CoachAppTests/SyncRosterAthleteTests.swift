import CoachApp
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import Foundation
import Testing

/// Athletes added and removed after publishing reach the other machine through the roster.
@Suite struct SyncRosterAthleteTests {
    @Test("An athlete added on one machine reaches the other with her data; a removal follows")
    func athleteAddedThenRemoved() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        _ = try a.addAthlete(AthleteProfile(handle: "lena", name: "Lena", timeZone: "UTC"))
        _ = try a.sync()
        a.close()
        let b = try m.session(m.envB)
        _ = try b.sync()
        #expect(try b.exportDataset(Handle("lena")).athlete.name == "Lena")
        b.close()
        let again = try m.session(m.envA)
        try again.removeAthlete(Handle("lena"))
        let removals = server.state.withLock { $0.roster }.filter {
            if case .removal = $0 { true } else { false }
        }
        #expect(removals.count == 1)
        again.close()
        let later = try m.session(m.envB)
        defer { later.close() }
        _ = try later.sync()
        #expect(throws: (any Error).self) { try later.exportDataset(Handle("lena")) }
        #expect(try later.exportDataset(Handle("jane")).athlete.handle == "jane")
    }

    @Test("A user reset on one machine reaches the other: pending there, with her new keys")
    func resetReachesOtherMachine() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        _ = try a.resetUser(Handle("carl"))
        a.close()
        let b = try m.session(m.envB)
        #expect(try b.listUsers().first { $0.handle == Handle("carl") }?.pending == false)
        _ = try b.sync()
        b.close()
        // A new command: certificates are read once per command.
        let later = try m.session(m.envB)
        defer { later.close() }
        #expect(try later.listUsers().first { $0.handle == Handle("carl") }?.pending == true)
        var versions: [Int] = []
        for case .user(let user) in server.state.withLock({ $0.roster }) where user.handle == "carl"
        {
            versions.append(user.version)
        }
        #expect(versions.count == 2)
    }
}
