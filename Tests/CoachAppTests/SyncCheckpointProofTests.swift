import CoachApp
import CoachCrypto
import CoachKit
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// A replica holds each owner checkpoint it pulls to the head it verified: a checkpoint the
/// held log does not extend is a fork (exit 74, `checkpoint_fork` evidence kept).
@Suite struct SyncCheckpointProofTests {
    /// The fake's head now with another root, signed by the fake's log key: a head of a
    /// history the server showed someone else.
    static func forkedHead(_ server: FakeSyncServer, _ owner: Principal) throws
        -> SignedTreeHead
    {
        var head = try SyncLogCheckpointTests.head(server, owner)
        head.root = head.root.map { $0 ^ 0x5a }
        head.sign(by: try #require(FakeSyncServer.logKeyPair))
        return head
    }

    /// Syncs `session` expecting a checkpoint fork at `size`, with its evidence kept.
    static func expectForked(_ session: AppSession, at size: UInt64) throws {
        do {
            _ = try session.sync()
            Issue.record("a checkpoint of another history was taken")
        } catch let failure as LogFailure {
            #expect(failure == .checkpointForked(at: size))
            #expect(failure.category == .corrupt)
            #expect(failure.remedy == .writeLogEvidence)
        }
        let evidence = try #require(try session.workspace.newestLogEvidence())
        #expect(evidence.kind == "checkpoint_fork")
        let kept = try JSONDecoder().decode(LogEvidence.self, from: Data(evidence.json.utf8))
        let checkpoint = try TreeHeadCountersignature.decode(
            try SyncLogEvidenceTests.bytes(try #require(kept.checkpoint)))
        #expect(checkpoint.head.size == size)
        #expect(kept.heads.map(\.role) == ["held", "served"])
    }

    @Test("A checkpoint of a smaller log the held log does not extend is exit 74, every sync")
    func smallerForkRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        let forked = try Self.forkedHead(server, b.principal)
        SyncLogCheckpointTests.grow(server)
        SyncRosterAttackTests.plant(
            server, SyncLogCheckpointTests.entry(forked, signer: b.principal.signKeys))
        let asked = server.state.withLock { $0.proofRequests }
        try Self.expectForked(b, at: forked.size)
        #expect(server.state.withLock { $0.proofRequests } == asked + 1)
        SyncLogCheckpointTests.grow(server)
        try Self.expectForked(b, at: forked.size)
    }

    @Test("A checkpoint of the held size with another root is exit 74 every sync, no proof")
    func sameSizeForkRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        let forked = try Self.forkedHead(server, b.principal)
        SyncRosterAttackTests.plant(
            server, SyncLogCheckpointTests.entry(forked, signer: b.principal.signKeys))
        let asked = server.state.withLock { $0.proofRequests }
        try Self.expectForked(b, at: forked.size)
        #expect(server.state.withLock { $0.proofRequests } == asked)
        try Self.expectForked(b, at: forked.size)
    }

    @Test("An honest checkpoint of a smaller log is proved once, then not asked again")
    func honestCheckpointProvedOnce() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        let head = try SyncLogCheckpointTests.head(server, b.principal)
        SyncLogCheckpointTests.grow(server)
        SyncLogCheckpointTests.grow(server)
        SyncRosterAttackTests.plant(
            server, SyncLogCheckpointTests.entry(head, signer: b.principal.signKeys))
        let asked = server.state.withLock { $0.proofRequests }
        _ = try b.sync()
        #expect(server.state.withLock { $0.proofRequests } == asked + 1)
        #expect(try b.syncStatus().checkpointSize == Int64(head.size))
        _ = try b.sync()
        #expect(server.state.withLock { $0.proofRequests } == asked + 1)
        #expect(try b.workspace.newestLogEvidence() == nil)
    }
}
