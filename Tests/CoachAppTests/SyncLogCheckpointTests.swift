import CoachApp
import CoachCrypto
import CoachKit
import CoachSync
import CoachTestSupport
import CoachTrust
import Testing

@testable import CoachStore

/// Owner checkpoints on the roster: a replica takes only a checkpoint the owner signed of a
/// head the server's certified key signed; a forged or a coach's checkpoint is exit 74.
@Suite struct SyncLogCheckpointTests {
    /// A checkpoint of `head` signed by `signer`.
    static func entry(_ head: SignedTreeHead, signer: SigningKeyPair) -> RosterEntry {
        var checkpoint = TreeHeadCountersignature(head: head)
        checkpoint.sign(by: signer)
        return .logCheckpoint(RosterLogCheckpoint(checkpoint))
    }

    /// The fake's head now, for `owner`'s workspace.
    static func head(_ server: FakeSyncServer, _ owner: Principal) throws -> SignedTreeHead {
        try server.treeHead(workspace: owner.anchor.workspaceId)
    }

    @Test("The owner's checkpoint of the server's signed head is taken by a replica")
    func ownersCheckpointTaken() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let b = try m.session(m.envB)
        defer { b.close() }
        SyncRosterAttackTests.plant(
            server, Self.entry(try Self.head(server, b.principal), signer: b.principal.signKeys))
        _ = try b.sync()
    }

    @Test("A checkpoint of a head the server's key did not sign is exit 74")
    func forgedHeadRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let b = try m.session(m.envB)
        defer { b.close() }
        var head = try Self.head(server, b.principal)
        head.size += 1
        head.sign(by: try SigningKeyPair.generate())
        SyncRosterAttackTests.plant(server, Self.entry(head, signer: b.principal.signKeys))
        SyncRosterAttackTests.expectTampered(b, "a checkpoint of a head the server never signed")
    }

    @Test("A checkpoint signed by another key than the owner's is exit 74")
    func forgedOwnerRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let b = try m.session(m.envB)
        defer { b.close() }
        let forger = try SigningKeyPair.generate()
        SyncRosterAttackTests.plant(
            server, Self.entry(try Self.head(server, b.principal), signer: forger))
        SyncRosterAttackTests.expectTampered(b, "a checkpoint the owner did not sign")
    }

    @Test("A coach's checkpoint of the server's head is exit 74 at the replica")
    func coachsCheckpointRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let coach = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: m.envA)
        let coachKeys = coach.principal.signKeys
        coach.close()
        let b = try m.session(m.envB)
        defer { b.close() }
        SyncRosterAttackTests.plant(
            server, Self.entry(try Self.head(server, b.principal), signer: coachKeys))
        SyncRosterAttackTests.expectTampered(b, "a coach's checkpoint")
    }

    @Test("A checkpoint of a smaller log after a larger one is exit 74")
    func olderCheckpointRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let b = try m.session(m.envB)
        defer { b.close() }
        let first = try Self.head(server, b.principal)
        var later = first
        later.size += 1
        later.time += 1
        later.sign(by: try #require(FakeSyncServer.logKeyPair))
        SyncRosterAttackTests.plant(server, Self.entry(later, signer: b.principal.signKeys))
        SyncRosterAttackTests.plant(server, Self.entry(first, signer: b.principal.signKeys))
        SyncRosterAttackTests.expectTampered(b, "a checkpoint replayed after a larger one")
    }

    /// `env` with its clock at `now` (the fake signs its heads at the default test instant).
    static func at(_ now: String, _ env: AppEnvironment, _ server: FakeSyncServer) throws
        -> AppEnvironment
    {
        var variables = env.variables
        variables["COACH_NOW"] = now
        var moved = try AppEnvironment(variables: variables)
        moved.syncTransport = server
        return moved
    }

    /// The server's log grows by one leaf (consistent with every head before).
    static func grow(_ server: FakeSyncServer) {
        server.state.withLock { $0.leaves.append(Array(repeating: 7, count: 32)) }
    }

    @Test("The owner's sync countersigns a grown log once the last checkpoint is a day old")
    func ownersSyncCountersigns() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let first = try m.session(m.envA)
        // The owner certified the log key at publish: no checkpoint within the day.
        #expect(try first.sync().checkpointed == nil)
        first.close()
        Self.grow(server)
        // The server signs the grown log at 2026-11-25T02:00Z.
        server.state.withLock { $0.headTime += 20 * 3_600_000 }
        let young = try m.session(try Self.at("2026-11-25T02:00:00Z", m.envA, server))
        #expect(try young.sync().checkpointed == nil, "the log key is 20 hours old")
        young.close()
        let old = try m.session(try Self.at("2026-11-25T07:00:00Z", m.envA, server))
        let size = try #require(try old.sync().checkpointed)
        #expect(try old.syncStatus().checkpointSize == Int64(size))
        #expect(try old.sync().checkpointed == nil, "the log did not grow")
        old.close()
        Self.grow(server)
        let next = try m.session(try Self.at("2026-11-25T20:00:00Z", m.envA, server))
        #expect(try next.sync().checkpointed == nil, "the last checkpoint is 18 hours old")
        next.close()
        let later = try m.session(try Self.at("2026-11-26T08:00:00Z", m.envA, server))
        defer { later.close() }
        #expect(try later.sync().checkpointed == size + 1)
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        #expect(try b.syncStatus().checkpointSize == Int64(size + 1))
    }

    @Test("Status shows the checkpoint's age and warns past 7 days or when there is none")
    func statusAgeAndWarning() throws {
        let server = FakeSyncServer()
        server.state.withLock { $0.logKey = nil }
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        server.state.withLock { $0.logKey = FakeSyncServer.defaultLogKey }
        #expect(try a.sync().checkpointed == nil, "no head verified before the key")
        let none = try a.syncStatus()
        #expect(none.checkpointSize == nil)
        #expect(none.checkpointWarning?.contains("not countersigned") == true)
        #expect(try a.syncCheckpoint() != nil)
        a.close()
        let day = try m.session(try Self.at("2026-11-25T07:00:01Z", m.envA, server))
        let fresh = try day.syncStatus()
        day.close()
        #expect(fresh.checkpointAgeHours == 25)
        #expect(fresh.checkpointTime == "2026-11-24T06:00:00Z")
        #expect(fresh.checkpointWarning == nil)
        let late = try m.session(try Self.at("2026-12-01T06:00:01Z", m.envA, server))
        defer { late.close() }
        #expect(try late.syncStatus().checkpointWarning?.contains("7 days old") == true)
    }

    @Test("'sync checkpoint' countersigns now, once per head; a coach may not")
    func checkpointNow() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        defer { a.close() }
        _ = try a.sync()
        Self.grow(server)
        let size = try #require(try a.syncCheckpoint())
        #expect(try a.syncStatus().checkpointSize == Int64(size))
        #expect(try a.syncCheckpoint() == nil)
        let coach = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: m.envA)
        defer { coach.close() }
        #expect(throws: StoreError.self) { try coach.syncCheckpoint() }
    }
}
