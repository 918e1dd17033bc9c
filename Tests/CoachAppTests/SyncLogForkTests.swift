import CoachApp
import CoachKit
import CoachTestSupport
import CoachTrust
import Testing

@testable import CoachStore

/// A server that shows a replica another history than the one it verified (a fork): a larger
/// log that does not extend it, or the same size with another root, is exit 74 naming the
/// sizes, before anything of the pull is applied.
@Suite struct SyncLogForkTests {
    @Test("A larger log that does not extend the verified one is exit 74 (forked)")
    func forkedLarger() throws {
        let server = FakeSyncServer()
        let (m, held) = try SyncLogRollbackTests.setUp(server)
        server.forkLog(at: 0)
        let size = UInt64(server.state.withLock { $0.leaves.count })
        #expect(size > UInt64(held))
        try SyncLogRollbackTests.expectRefused(
            m, held: held, .forked(held: UInt64(held), served: size))
    }

    @Test("The same size with another root is exit 74 (forked)")
    func forkedSameSize() throws {
        let server = FakeSyncServer()
        let (m, held) = try SyncLogRollbackTests.setUp(server)
        server.rollLogBack(to: Int(held))
        server.forkLog(at: Int(held) - 1)
        try SyncLogRollbackTests.expectRefused(
            m, held: held, .forked(held: UInt64(held), served: UInt64(held)))
    }
}
