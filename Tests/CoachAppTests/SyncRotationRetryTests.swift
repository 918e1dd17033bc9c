import CoachApp
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import Foundation
import Testing

/// A key rotation the server refuses because the athlete's stream moved since this replica's
/// last pull (`stream_moved`) is made again after a pull inside the same command, up to three
/// tries; each refused try leaves nothing behind.
@Suite struct SyncRotationRetryTests {
    /// How carl loses jane: a revocation of his access, or his user disabled (which revokes
    /// him from every athlete he holds).
    enum Rotation: String, CaseIterable, Sendable {
        case revoke, disable

        func run(_ session: AppSession) throws {
            switch self {
            case .revoke: try session.revokeAccess(athlete: Handle("jane"), from: Handle("carl"))
            case .disable: try session.disableUser(Handle("carl"))
            }
        }
    }

    /// Machines A and B in step; then B pushes a check-in of jane (whose id comes back with
    /// the machines), which A has not pulled.
    static func streamMoved(_ server: FakeSyncServer) throws
        -> (SyncTwoMachinesTests.Machines, AthleteID)
    {
        let m = try SyncTwoMachinesTests.machines(server)
        for env in [m.envA, m.envB] {
            let s = try m.session(env)
            _ = try s.sync()
            s.close()
        }
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
            mood: 3, doms: [], notes: "pushed before the rotation")
        #expect(try b.sync().pushed == 1)
        return (m, try SyncRevocationTests.jane(b))
    }

    /// The epochs and holders of jane's newest key on a replica, and its revocations logged.
    static func access(_ session: AppSession) throws -> (epochs: Set<Int>, users: Set<String>) {
        let entries = try session.listAccess(athlete: Handle("jane"))
        return (Set(entries.map(\.epoch)), Set(entries.map(\.user)))
    }

    static func revocations(_ session: AppSession) throws -> Int {
        try session.auditEntries(athlete: Handle("jane")).filter { $0.action == "access.revoke" }
            .count
    }

    @Test(
        "A rotation made while the stream moved on is taken after the pull it makes itself",
        arguments: Rotation.allCases)
    func takenAfterPull(rotation: Rotation) throws {
        let server = FakeSyncServer()
        let (m, jane) = try Self.streamMoved(server)
        let a = try m.session(m.envA)
        defer { a.close() }
        let revoked = try Self.revocations(a)
        let ended = server.state.withLock { $0.streams[jane]?.last?.sseq }
        try rotation.run(a)
        #expect(server.state.withLock { $0.streamMovedRefusals } == 1)
        // Taken at the stream's end, B's change included.
        let stream = server.state.withLock { $0.streams[jane] ?? [] }
        #expect(stream.last?.sseq == ended)
        let mark = try #require(SyncRetiredEpochTests.rotation(server, of: jane)?.streamMark)
        #expect(mark.sseq == Int64(stream.count))
        #expect(mark.head.bytes == stream.last?.streamHead.bytes)
        let notes = try a.exportDataset(Handle("jane")).wellness.compactMap(\.notes)
        #expect(notes.contains("pushed before the rotation"))
        // The refused try left nothing: one new epoch, one revocation.
        let access = try Self.access(a)
        #expect(access.epochs == [2])
        #expect(!access.users.contains("carl"))
        #expect(try Self.revocations(a) == revoked + 1)
        // The other replica takes the rotation and the changes after it.
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        #expect(try Self.access(b).epochs == [2])
    }

    @Test(
        "A server that answers stream_moved to every try: refused after three, nothing written",
        arguments: Rotation.allCases)
    func refusedAfterThreeTries(rotation: Rotation) throws {
        let server = FakeSyncServer()
        let (m, jane) = try Self.streamMoved(server)
        let a = try m.session(m.envA)
        defer { a.close() }
        let pull = SyncPath.pull(try a.workspace.syncWorkspaceId())
        let queued = try a.workspace.syncStatus().queued, revoked = try Self.revocations(a)
        let (pushes, pulls) = server.state.withLock { s in
            s.streamAlwaysMoved = true
            return (s.rosterPushes, s.paths.filter { $0 == pull }.count)
        }
        do {
            try rotation.run(a)
            Issue.record("a rotation the server kept refusing was taken")
        } catch let failure as SyncFailure {
            guard case .membershipRefused(let reason) = failure else {
                Issue.record("not a refused membership change: \(failure)")
                return
            }
            #expect(reason.contains("stream moved"))
            #expect(failure.category == .conflict)
            #expect(!failure.problemDescription.contains("\n"))
        }
        server.state.withLock { s in
            #expect(s.streamMovedRefusals == 3)
            // A pull between two tries, none after the last.
            #expect(s.paths.filter { $0 == pull }.count == pulls + 2)
            #expect(s.rosterPushes == pushes)
        }
        #expect(SyncRetiredEpochTests.rotation(server, of: jane) == nil)
        // Every try rolled back whole: jane's key, carl's access, the log and the outbox.
        let access = try Self.access(a)
        #expect(access.epochs == [1])
        #expect(access.users.contains("carl"))
        #expect(try Self.revocations(a) == revoked)
        #expect(try a.workspace.syncStatus().queued == queued)
        #expect(try a.listUsers().first { $0.handle == Handle("carl") }?.disabled == false)
        // The pulls applied B's change.
        let notes = try a.exportDataset(Handle("jane")).wellness.compactMap(\.notes)
        #expect(notes.contains("pushed before the rotation"))
    }
}
