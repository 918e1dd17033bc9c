import CoachApp
import CoachCrypto
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

/// Membership changes of a synced workspace go through the server's roster before they are
/// final here, and the roster others changed comes back with `sync`, verified.
@Suite struct SyncRosterTests {
    /// A published sandbox (owner olivia, coach carl holding jane; bert the owner's only).
    static func published(_ server: FakeSyncServer) throws -> (WorkspaceSandbox, AppEnvironment) {
        let sandbox = try WorkspaceSandbox()
        var environment = sandbox.environment
        environment.syncTransport = server
        let owner = try AppSession.open(sandbox.signIn(as: "olivia"), environment: environment)
        _ = try owner.publish(server: try SyncAddress.parse("http://127.0.0.1:9"))
        owner.close()
        return (sandbox, environment)
    }

    static func session(
        _ sandbox: WorkspaceSandbox, _ environment: AppEnvironment, as handle: String = "olivia"
    ) throws -> AppSession {
        try AppSession.open(sandbox.signIn(as: handle), environment: environment)
    }

    /// The grants of `athlete` (by id) on the server's roster, as user ids by epoch.
    static func grants(_ server: FakeSyncServer, of athlete: AthleteID) -> [Int: Set<UserID>] {
        var out: [Int: Set<UserID>] = [:]
        for case .grant(let grant) in server.state.withLock({ $0.roster })
        where grant.athleteId == athlete {
            out[grant.epoch, default: []].insert(grant.userId)
        }
        return out
    }

    static func holders(_ session: AppSession, _ athlete: String) throws -> Set<String> {
        Set(try session.listAccess(athlete: Handle(athlete)).map(\.user))
    }

    @Test("A grant in a synced workspace is on the server's roster before it is final here")
    func grantPushed() throws {
        let server = FakeSyncServer()
        let (sandbox, environment) = try Self.published(server)
        let owner = try Self.session(sandbox, environment)
        defer { owner.close() }
        let bert = try owner.athlete(Handle("bert")).id
        #expect(Self.grants(server, of: bert)[1]?.contains("carl") != true)
        try owner.grantAccess(athlete: Handle("bert"), to: Handle("carl"))
        #expect(server.state.withLock { $0.rosterPushes } == 1)
        let carl = try #require(
            try owner.listAccess(athlete: Handle("bert")).first { $0.user == "carl" })
        let granted = Self.grants(server, of: bert)[carl.epoch] ?? []
        #expect(granted.count == 2)  // the owner's and carl's
    }

    @Test("Offline, a membership change is refused in one line and nothing of it is written")
    func offlineRefused() throws {
        let server = FakeSyncServer()
        let (sandbox, environment) = try Self.published(server)
        let owner = try Self.session(sandbox, environment)
        defer { owner.close() }
        let before = server.state.withLock { $0.roster }
        server.state.withLock { $0.down = true }
        #expect(throws: SyncFailure.membershipOffline(server: "http://127.0.0.1:9")) {
            try owner.grantAccess(athlete: Handle("bert"), to: Handle("carl"))
        }
        #expect(throws: SyncFailure.self) {
            try owner.revokeAccess(athlete: Handle("jane"), from: Handle("carl"))
        }
        #expect(try Self.holders(owner, "bert") == ["olivia"])
        #expect(try Self.holders(owner, "jane") == ["olivia", "carl"])
        let failure = SyncFailure.membershipOffline(server: "http://127.0.0.1:9")
        #expect(!failure.problemDescription.contains("\n"))
        #expect(failure.problemDescription.contains("sync when online"))
        server.state.withLock { $0.down = false }
        #expect(server.state.withLock { $0.roster } == before)
        try owner.grantAccess(athlete: Handle("bert"), to: Handle("carl"))
        #expect(try Self.holders(owner, "bert") == ["olivia", "carl"])
    }

    @Test("A lost compare-and-swap race reads the roster again and pushes on the new head")
    func lostRaceRetried() throws {
        let server = FakeSyncServer()
        let (sandbox, environment) = try Self.published(server)
        let owner = try Self.session(sandbox, environment)
        defer { owner.close() }
        // Another machine's entry lands between this machine's read and its push.
        server.state.withLock { s in
            let other = s.roster.first { if case .grant = $0 { true } else { false } }
            s.raceNextRosterPush = [other!]
        }
        try owner.grantAccess(athlete: Handle("bert"), to: Handle("carl"))
        let roster = server.state.withLock { $0.roster }
        #expect(server.state.withLock { $0.rosterPushes } == 1)
        let bert = try owner.athlete(Handle("bert")).id
        guard case .grant(let last) = roster.last else {
            Issue.record("the last roster entry is not the grant")
            return
        }
        #expect(last.athleteId == bert)
        #expect(Self.grants(server, of: bert)[1]?.count == 2)
        #expect(try Self.holders(owner, "bert") == ["olivia", "carl"])
    }

    @Test("A server that keeps refusing the roster push leaves nothing changed here")
    func refusedRolledBack() throws {
        let server = FakeSyncServer()
        let (sandbox, environment) = try Self.published(server)
        let owner = try Self.session(sandbox, environment)
        defer { owner.close() }
        server.state.withLock { s in
            let other = s.roster.first { if case .grant = $0 { true } else { false } }
            s.raceEveryRosterPush = other
        }
        #expect(throws: SyncFailure.self) {
            try owner.grantAccess(athlete: Handle("bert"), to: Handle("carl"))
        }
        #expect(try Self.holders(owner, "bert") == ["olivia"])
    }

    @Test("A grant made on one machine reaches the other with sync, and opens there")
    func grantReachesOtherMachine() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        try a.grantAccess(athlete: Handle("bert"), to: Handle("carl"))
        a.close()
        let b = try m.session(m.envB)
        #expect(try Self.holders(b, "bert") == ["olivia"])
        _ = try b.sync()
        #expect(try Self.holders(b, "bert") == ["olivia", "carl"])
        b.close()
        let carl = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: m.envB)
        defer { carl.close() }
        #expect(try carl.exportDataset(Handle("bert")).athlete.handle == "bert")
    }

    @Test("A planted roster entry is tampering on pull (exit 74), and nothing of it is applied")
    func plantedEntryRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let b = try m.session(m.envB)
        defer { b.close() }
        let bert = try b.athlete(Handle("bert")).id
        server.state.withLock { s in
            var users: [String: UserID] = [:]
            for case .user(let user) in s.roster { users[user.handle] = user.userId }
            let planted = GrantRow(
                userId: users["carl"]!.rawValue, grantedBy: users["olivia"]!.rawValue,
                sealed: Array(repeating: 3, count: 80), signature: Array(repeating: 1, count: 64))
            s.roster.append(.grant(RosterGrant(athleteId: bert, epoch: 1, row: planted)))
        }
        do {
            _ = try b.sync()
            Issue.record("the planted grant was applied")
        } catch let failure as any CoachFailure {
            #expect(failure.category == .corrupt)
        }
        #expect(try Self.holders(b, "bert") == ["olivia"])
    }
}
