import CoachApp
import CoachKit
import CoachStore
import CoachTestSupport
import Foundation
import Testing

/// `sync` as a use case over the transport seam: the outbox goes to the server and is cleared
/// only once the answer is held; a lost answer is retried and stored once.
@Suite struct SyncUseCaseTests {
    /// A sandbox whose workspace syncs with `server`, and the environment that reaches it.
    static func published(_ server: FakeSyncServer) throws -> (WorkspaceSandbox, AppEnvironment) {
        let sandbox = try WorkspaceSandbox()
        var environment = sandbox.environment
        environment.syncTransport = server
        let owner = try sandbox.session()
        try owner.ensureDevice()
        owner.close()
        // Open again: the device key is opened at sign-in once the workspace syncs.
        let first = try sandbox.session()
        let sealed = try #require(
            try environment.deviceKeys(for: sandbox.path).load(
                userId: first.principal.userId.rawValue))
        try first.workspace.useDevice(sealedKey: sealed, as: first.principal)
        try first.workspace.startSync(
            server: "http://sync.test", registration: [], genesis: true, as: first.principal)
        first.close()
        return (sandbox, environment)
    }

    static func session(_ sandbox: WorkspaceSandbox, _ environment: AppEnvironment) throws
        -> AppSession
    {
        try AppSession.open(sandbox.signIn(as: "olivia"), environment: environment)
    }

    @Test("sync pushes every queued change, then the outbox is empty and the status says so")
    func pushesOutbox() throws {
        let server = FakeSyncServer()
        let (sandbox, environment) = try Self.published(server)
        let session = try Self.session(sandbox, environment)
        defer { session.close() }
        let queued = try session.syncStatus().queued
        #expect(queued == 2)  // the two athletes' profiles
        let report = try session.sync()
        #expect(report.pushed == queued)
        #expect(report.queued == 0)
        #expect(server.stored == queued)
        #expect(try session.syncStatus().queued == 0)
        #expect(try session.syncStatus().lastSync != nil)
    }

    @Test("A push whose answer is lost keeps the outbox; the retry is stored once and clears it")
    func lostAnswerRetried() throws {
        let server = FakeSyncServer()
        let (sandbox, environment) = try Self.published(server)
        let session = try Self.session(sandbox, environment)
        defer { session.close() }
        server.state.withLock { $0.loseNextAnswer = true }
        #expect(throws: SyncRemoteFailure.self) { try session.sync() }
        #expect(server.stored == 2)
        #expect(try session.syncStatus().queued == 2)
        let report = try session.sync()
        #expect(report.pushed == 2)
        #expect(server.stored == 2)
        #expect(server.state.withLock { $0.pushes } == 1)
        #expect(try session.syncStatus().queued == 0)
    }

    @Test("publish registers the owner's signed anchor and the roster, then uploads every record")
    func publish() throws {
        let server = FakeSyncServer()
        let sandbox = try WorkspaceSandbox()
        var environment = sandbox.environment
        environment.syncTransport = server
        let owner = try AppSession.open(sandbox.signIn(as: "olivia"), environment: environment)
        defer { owner.close() }
        let report = try owner.publish(server: try SyncAddress.parse("http://127.0.0.1:9"))
        let (registration, roster) = server.state.withLock { ($0.registration, $0.roster) }
        #expect(registration?.ownerUserId == owner.principal.userId)
        let types = roster.map(\.type)
        #expect(types.filter { $0 == "user" }.count == 2)  // olivia, carl
        #expect(types.filter { $0 == "athlete" }.count == 2)
        #expect(types.filter { $0 == "device" }.count == 1)
        #expect(types.first == "user")
        #expect(report.pushed == 2)
        #expect(server.stored == 2)
        #expect(throws: SyncFailure.self) {
            try owner.publish(server: try SyncAddress.parse("http://127.0.0.1:9"))
        }
    }

    @Test(
        "A server address must be https, or plain http to this machine only",
        arguments: [
            ("https://club.example", true), ("http://127.0.0.1:8080", true),
            ("http://localhost:1", true), ("http://club.example", false), ("ftp://x", false),
            ("club.example", false), ("https://u:p@club.example", false),
        ])
    func addresses(address: String, accepted: Bool) {
        #expect(((try? SyncAddress.parse(address)) != nil) == accepted)
    }

    @Test("A workspace that does not sync says so with a usage failure")
    func notSynced() throws {
        let sandbox = try WorkspaceSandbox()
        let session = try sandbox.session()
        defer { session.close() }
        #expect(throws: SyncFailure.notSynced) { try session.sync() }
        #expect(SyncFailure.notSynced.category == .usage)
    }
}
