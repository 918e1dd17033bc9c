import CoachCrypto
import CoachKit
import CoachTestSupport
import Foundation
import Testing

@testable import CoachApp

/// The sync session kept between commands: a later sync does not sign in again while it
/// lives, a refused or unreadable one is replaced by a new sign-in, and the file holds the
/// token only sealed, bound to its server, workspace and device.
@Suite struct SyncKeptSessionTests {
    /// A published sandbox whose server hands out sessions that live 15 minutes from the
    /// sandbox's clock.
    static func published() throws -> (FakeSyncServer, WorkspaceSandbox, AppEnvironment) {
        let server = FakeSyncServer()
        let (sandbox, environment) = try SyncUseCaseTests.published(server)
        let now = Int64(environment.clock.now().timeIntervalSince1970 * 1000)
        server.state.withLock { $0.sessionEnds = now + 15 * 60_000 }
        return (server, sandbox, environment)
    }

    /// The kept session file of the owner's device.
    static func keptFile(_ session: AppSession) throws -> String {
        let device = try session.workspace.withDeviceKey { id, _ in id }
        let store = session.environment.syncSessions(for: session.workspace.path)
        return try #require(store.path(deviceId: device.rawValue))
    }

    @Test("A second sync reuses the kept session: no challenge and no sign-in, one pull")
    func reused() throws {
        let (server, sandbox, environment) = try Self.published()
        let first = try SyncUseCaseTests.session(sandbox, environment)
        _ = try first.sync()
        first.close()
        #expect(server.state.withLock { $0.signIns } == 1)
        server.state.withLock { $0.paths = [] }
        let second = try SyncUseCaseTests.session(sandbox, environment)
        defer { second.close() }
        _ = try second.sync()
        let paths = server.state.withLock { $0.paths }
        #expect(server.state.withLock { $0.signIns } == 1)
        #expect(!paths.contains { $0.hasPrefix("/v1/auth") })
        #expect(paths.filter { $0.hasSuffix("/pull") }.count == 1)
    }

    @Test("A kept session the server refuses is replaced by a new sign-in and the sync succeeds")
    func refusedRenewed() throws {
        let (server, sandbox, environment) = try Self.published()
        let first = try SyncUseCaseTests.session(sandbox, environment)
        _ = try first.sync()
        first.close()
        server.state.withLock { $0.refuseSessions = true }
        let second = try SyncUseCaseTests.session(sandbox, environment)
        defer { second.close() }
        let report = try second.sync()
        #expect(server.state.withLock { $0.signIns } == 2)
        #expect(report.queued == 0)
        #expect(server.state.withLock { $0.paths }.last?.hasSuffix("/pull") == true)
    }

    @Test("A session past its end (less than the margin left) is not used: the sync signs in")
    func expiredNotUsed() throws {
        let (server, sandbox, environment) = try Self.published()
        let now = Int64(environment.clock.now().timeIntervalSince1970 * 1000)
        server.state.withLock { $0.sessionEnds = now + KeptSyncSession.margin - 1 }
        for _ in 0..<2 {
            let session = try SyncUseCaseTests.session(sandbox, environment)
            _ = try session.sync()
            session.close()
        }
        #expect(server.state.withLock { $0.signIns } == 2)
    }

    @Test("The kept file is private and holds no token in clear; altered, it is not used")
    func sealedAndPrivate() throws {
        let (server, sandbox, environment) = try Self.published()
        let first = try SyncUseCaseTests.session(sandbox, environment)
        _ = try first.sync()
        let file = try Self.keptFile(first)
        first.close()
        let mode = try #require(
            try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(String(decoding: bytes, as: UTF8.self).contains("token:") == false)
        bytes[bytes.count - 1] ^= 1
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        let second = try SyncUseCaseTests.session(sandbox, environment)
        defer { second.close() }
        _ = try second.sync()
        #expect(server.state.withLock { $0.signIns } == 2)
    }

    @Test(
        "A kept session opens only for its server, workspace and device",
        arguments: [
            ("http://other.test", "ws", "dev-a"), ("http://sync.test", "other-ws", "dev-a"),
            ("http://sync.test", "ws", "dev-b"),
        ])
    func bound(server: String, workspace: String, device: String) throws {
        let keys = try SigningKeyPair.generate()
        let binding = KeptSyncSession.Binding(
            server: "http://sync.test", workspace: "ws", device: DeviceID("dev-a"))
        let kept = KeptSyncSession(token: "secret", expiresAt: 10)
        let sealed = try kept.sealed(with: keys, binding: binding)
        #expect(KeptSyncSession.open(sealed, with: keys, binding: binding) == kept)
        let other = KeptSyncSession.Binding(
            server: server, workspace: workspace, device: DeviceID(device))
        #expect(KeptSyncSession.open(sealed, with: keys, binding: other) == nil)
        let stranger = try SigningKeyPair.generate()
        #expect(KeptSyncSession.open(sealed, with: stranger, binding: binding) == nil)
    }
}
