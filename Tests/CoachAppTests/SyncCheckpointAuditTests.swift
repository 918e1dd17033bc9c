import CoachApp
import CoachKit
import CoachTestSupport
import CoachTrust
import Testing

@testable import CoachStore

/// `audit verify` checks the owner's checkpoint held: both signatures, and online its
/// consistency with the held head, proved by the server.
@Suite struct SyncCheckpointAuditTests {
    @Test("Online, an honest checkpoint of a smaller log is proved and reported")
    func honestReported() throws {
        let server = FakeSyncServer()
        let m = try SyncAuditVerifyTests.keptSession(server)
        let b = try m.session(m.envB)
        let head = try SyncLogCheckpointTests.head(server, b.principal)
        SyncLogCheckpointTests.grow(server)
        SyncRosterAttackTests.plant(
            server, SyncLogCheckpointTests.entry(head, signer: b.principal.signKeys))
        _ = try b.sync()
        b.close()
        let asked = server.state.withLock { $0.proofRequests }
        let sync = try #require(try SyncAuditVerifyTests.verifyB(m).sync)
        #expect(sync.logChecked)
        #expect(sync.checkpointSize == head.size)
        #expect(server.state.withLock { $0.proofRequests } == asked + 1)
    }

    @Test("Online, a held checkpoint the held log does not extend is exit 74")
    func forkedRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncAuditVerifyTests.keptSession(server)
        let b = try m.session(m.envB)
        let forked = try SyncCheckpointProofTests.forkedHead(server, b.principal)
        SyncLogCheckpointTests.grow(server)
        SyncRosterAttackTests.plant(
            server, SyncLogCheckpointTests.entry(forked, signer: b.principal.signKeys))
        #expect(throws: LogFailure.checkpointForked(at: forked.size)) { try b.sync() }
        b.close()
        #expect(throws: LogFailure.checkpointForked(at: forked.size)) {
            try SyncAuditVerifyTests.verifyB(m)
        }
    }

    @Test("Offline, a held checkpoint of the held size with another root is exit 74")
    func sameSizeOffline() throws {
        let server = FakeSyncServer()
        let (m, _) = try SyncLogRollbackTests.setUp(server)
        let b = try m.session(m.envB)
        _ = try b.sync()
        let forked = try SyncCheckpointProofTests.forkedHead(server, b.principal)
        SyncRosterAttackTests.plant(
            server, SyncLogCheckpointTests.entry(forked, signer: b.principal.signKeys))
        #expect(throws: LogFailure.checkpointForked(at: forked.size)) { try b.sync() }
        b.close()
        #expect(throws: LogFailure.checkpointForked(at: forked.size)) {
            try SyncAuditVerifyTests.verifyB(m)
        }
    }
}
