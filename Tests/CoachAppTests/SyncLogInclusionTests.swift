import CoachApp
import CoachKit
import CoachTestSupport
import CoachTrust
import Testing

@testable import CoachStore

/// A change served that the signed log does not hold (a row an insider put in the server's
/// database, or a proof left out): exit 74 naming the athlete's stream and sequence, before
/// anything of the pull is applied.
@Suite struct SyncLogInclusionTests {
    /// B's refusal of jane's last change, as `SyncLogRollbackTests.expectRefused` checks it.
    static func expectNotIncluded(
        _ server: FakeSyncServer, _ m: SyncTwoMachinesTests.Machines, held: Int64
    ) throws {
        let a = try m.session(m.envA)
        let jane = try a.athlete(Handle("jane")).id
        a.close()
        let sseq = Int64(server.state.withLock { $0.streams[jane]?.count ?? 0 })
        try SyncLogRollbackTests.expectRefused(
            m, held: held, .notIncluded(stream: .athlete(jane), sequence: sseq))
    }

    @Test("A served change whose leaf the log holds as another is exit 74 naming stream and seq")
    func leafReplaced() throws {
        let server = FakeSyncServer()
        let (m, held) = try SyncLogRollbackTests.setUp(server)
        // The log keeps the prefix B verified, so its head is consistent; the new leaf is not
        // the served change's.
        server.forkLog(at: Int(held))
        try Self.expectNotIncluded(server, m, held: held)
    }

    @Test("A served change with no inclusion proof is exit 74")
    func proofLeftOut() throws {
        let server = FakeSyncServer()
        let (m, held) = try SyncLogRollbackTests.setUp(server)
        server.state.withLock { $0.leafIndex = [:] }
        try Self.expectNotIncluded(server, m, held: held)
    }
}
