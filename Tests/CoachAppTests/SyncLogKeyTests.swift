import CoachApp
import CoachCrypto
import CoachKit
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// The server's log key on the roster: the owner certifies it at publish (trust on first use,
/// or a pinned fingerprint) or at their first sync once a server names one; every replica takes
/// only the owner's certificate, newest last, and says while it holds none.
@Suite struct SyncLogKeyTests {
    static let fingerprint = LogKeyCertificate.fingerprint(of: FakeSyncServer.defaultLogKey)

    /// A certificate of `key` for the owner's workspace, signed by `signer` at `created`.
    static func entry(
        owner: Principal, key: [UInt8], created: Int64, signer: SigningKeyPair? = nil
    ) -> RosterEntry {
        var cert = LogKeyCertificate(
            workspaceId: owner.anchor.workspaceId, serverPK: key, created: created, fromSize: 0)
        cert.sign(by: signer ?? owner.signKeys)
        return .logKey(RosterLogKey(cert))
    }

    @Test("Publish certifies the server's key: one owner-signed entry, on both machines")
    func publishCertifies() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let keys = server.logKeyEntries
        #expect(keys.count == 1)
        let a = try m.session(m.envA)
        let cert = try #require(keys.first?.verified(anchor: a.principal.anchor))
        #expect(cert.serverPK == FakeSyncServer.defaultLogKey)
        #expect(try a.syncStatus().logKey == Self.fingerprint)
        a.close()
        let b = try m.session(m.envB)
        defer { b.close() }
        #expect(try b.syncStatus().logKey == nil)
        _ = try b.sync()
        #expect(try b.syncStatus().logKey == Self.fingerprint)
    }

    @Test("Publish with the pinned fingerprint (any case, with colons) reports it")
    func pinnedKeyPublishes() throws {
        let server = FakeSyncServer()
        let sandbox = try WorkspaceSandbox()
        var env = sandbox.environment
        env.syncTransport = server
        let a = try AppSession.open(sandbox.signIn(as: "olivia"), environment: env)
        defer { a.close() }
        let typed = stride(from: 0, to: 16, by: 2).map {
            let start = Self.fingerprint.index(Self.fingerprint.startIndex, offsetBy: $0)
            return String(Self.fingerprint[start..<Self.fingerprint.index(start, offsetBy: 2)])
        }.joined(separator: ":").uppercased()
        let report = try a.publish(
            server: try SyncAddress.parse("http://127.0.0.1:9"), serverKey: typed)
        #expect(report.serverKey == Self.fingerprint)
        #expect(server.logKeyEntries.count == 1)
    }

    @Test("A server key other than the pinned one stops the publish before anything is sent")
    func pinnedKeyMismatch() throws {
        let server = FakeSyncServer()
        let sandbox = try WorkspaceSandbox()
        var env = sandbox.environment
        env.syncTransport = server
        let a = try AppSession.open(sandbox.signIn(as: "olivia"), environment: env)
        defer { a.close() }
        #expect(throws: SyncFailure.self) {
            try a.publish(
                server: try SyncAddress.parse("http://127.0.0.1:9"),
                serverKey: "0123456789abcdef")
        }
        #expect(server.state.withLock { $0.registration } == nil)
        #expect(server.state.withLock { $0.paths } == [SyncPath.server])
        #expect(try !a.workspace.isSynced())
    }

    @Test("Published before the log: status says so, the owner's next sync certifies the key")
    func certifiedAtOwnersNextSync() throws {
        let server = FakeSyncServer()
        server.state.withLock { $0.logKey = nil }
        let m = try SyncTwoMachinesTests.machines(server)
        #expect(server.logKeyEntries.isEmpty)
        let a = try m.session(m.envA)
        #expect(try a.syncStatus().logKey == nil)
        #expect(try a.sync().serverKey == nil)
        server.state.withLock { $0.logKey = FakeSyncServer.defaultLogKey }
        #expect(try a.sync().serverKey == Self.fingerprint)
        #expect(try a.syncStatus().logKey == Self.fingerprint)
        #expect(server.logKeyEntries.count == 1)
        // Once held, a sync certifies nothing more.
        #expect(try a.sync().serverKey == nil)
        #expect(server.logKeyEntries.count == 1)
        a.close()
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        #expect(try b.syncStatus().logKey == Self.fingerprint)
    }

    @Test("A log key planted on the roster, not signed by the owner, is exit 74; none is taken")
    func plantedKeyRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let b = try m.session(m.envB)
        defer { b.close() }
        let forger = try SigningKeyPair.generate()
        SyncRosterAttackTests.plant(
            server,
            Self.entry(
                owner: b.principal, key: forger.publicKey, created: 4_000_000_000_000,
                signer: forger))
        SyncRosterAttackTests.expectTampered(b, "a log key signed by another key")
        #expect(try b.syncStatus().logKey == nil)
    }

    @Test("An older owner's certificate replayed after the current one is exit 74")
    func replayedKeyRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        let newer = Self.entry(
            owner: a.principal, key: [UInt8](repeating: 0x33, count: 32),
            created: 4_000_000_000_000)
        let older = Self.entry(
            owner: a.principal, key: [UInt8](repeating: 0x44, count: 32), created: 1)
        a.close()
        SyncRosterAttackTests.plant(server, newer)
        SyncRosterAttackTests.plant(server, older)
        let b = try m.session(m.envB)
        defer { b.close() }
        SyncRosterAttackTests.expectTampered(b, "an older log key replayed")
        #expect(try b.syncStatus().logKey == nil)
    }
}
