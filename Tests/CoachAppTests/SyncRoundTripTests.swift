import CoachKit
import CoachTestSupport
import Foundation
import Testing

@testable import CoachApp

/// The requests one `sync` makes: with a kept session and the roster unchanged since the last
/// full read, a sync with nothing to do is one pull, a day's sync a push and a pull; a moved
/// roster head, changed device entries or a server that names no head make it read the roster.
@Suite struct SyncRoundTripTests {
    /// A published sandbox synced once, with the server's request log cleared.
    static func synced() throws -> (FakeSyncServer, WorkspaceSandbox, AppEnvironment) {
        let (server, sandbox, environment) = try SyncKeptSessionTests.published()
        let first = try SyncUseCaseTests.session(sandbox, environment)
        _ = try first.sync()
        first.close()
        server.state.withLock { $0.paths = [] }
        return (server, sandbox, environment)
    }

    /// The last path segment of each request the server saw, with the method of roster reads.
    static func requests(_ server: FakeSyncServer) -> [String] {
        server.state.withLock { $0.paths }.map { path in
            path.contains("/roster") ? "roster" : String(path.split(separator: "/").last ?? "")
        }
    }

    @Test("A sync with nothing to do is one request: the pull")
    func noOp() throws {
        let (server, sandbox, environment) = try Self.synced()
        let session = try SyncUseCaseTests.session(sandbox, environment)
        defer { session.close() }
        let report = try session.sync()
        #expect(Self.requests(server) == ["pull"])
        #expect(report.pushed == 0 && report.applied == 0)
    }

    @Test("A day's sync is a push and a pull, and the outbox is then empty")
    func day() throws {
        let (server, sandbox, environment) = try Self.synced()
        let session = try SyncUseCaseTests.session(sandbox, environment)
        defer { session.close() }
        for mood in 1...3 {
            _ = try session.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
                mood: mood, doms: [], notes: nil)
        }
        let report = try session.sync()
        #expect(Self.requests(server) == ["changes", "pull"])
        #expect(report.pushed == 3 && report.queued == 0)
    }

    @Test("A roster moved on the server since the last read is read again before the pull applies")
    func movedHead() throws {
        let (server, sandbox, environment) = try Self.synced()
        let session = try SyncUseCaseTests.session(sandbox, environment)
        defer { session.close() }
        // A membership write goes to the server's roster by itself, moving its head.
        _ = try session.addAthlete(AthleteProfile(handle: "lena", name: "Lena", timeZone: "UTC"))
        server.state.withLock { $0.paths = [] }
        _ = try session.sync()
        #expect(Self.requests(server).first == "changes")
        #expect(Self.requests(server).contains("roster"))
        // Read once, the roster is not read again while it stays.
        server.state.withLock { $0.paths = [] }
        _ = try session.sync()
        #expect(Self.requests(server) == ["pull"])
    }

    @Test("A server that names no roster head has the roster read on every sync")
    func noHead() throws {
        let (server, sandbox, environment) = try Self.synced()
        server.state.withLock { $0.omitRosterHead = true }
        for _ in 0..<2 {
            server.state.withLock { $0.paths = [] }
            let session = try SyncUseCaseTests.session(sandbox, environment)
            _ = try session.sync()
            session.close()
            // The page is held, the roster read and applied, then the page applied.
            #expect(Self.requests(server) == ["pull", "roster"])
        }
    }

    @Test("A forgotten or unreadable roster mark makes the next sync read the roster")
    func noMark() throws {
        let (server, sandbox, environment) = try Self.synced()
        let session = try SyncUseCaseTests.session(sandbox, environment)
        defer { session.close() }
        try session.workspace.noteRosterMark(nil)
        _ = try session.sync()
        #expect(Self.requests(server) == ["roster", "pull"])
    }
}
