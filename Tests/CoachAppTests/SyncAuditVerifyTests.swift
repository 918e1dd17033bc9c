import CoachApp
import CoachKit
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// `audit verify` in a synced workspace: the local chain as before, plus each change held
/// behind a record (signed by its device, of the roster) and the held head of the server's
/// log (signed by the certified key); with a kept session, each stream head's inclusion in
/// the served log (online), else the log is reported not checked.
@Suite struct SyncAuditVerifyTests {
    @Test("A synced replica's audit checks its held changes and log head, offline")
    func synced() throws {
        let (m, held) = try SyncLogRollbackTests.setUp(FakeSyncServer())
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        let result = try b.verifyAudit()
        #expect(result.ok)
        let sync = try #require(result.sync)
        #expect(sync.changes >= 1 && !sync.logChecked)
        #expect(sync.logSize.map { $0 > UInt64(held) } == true)
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        #expect(json.contains("\"log_checked\":false"))
    }

    @Test("A held change whose signature was altered in the file is exit 74 naming its device")
    func alteredChange() throws {
        let (m, _) = try SyncLogRollbackTests.setUp(FakeSyncServer())
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        try SyncLogMarkTests.file(b).write { db in
            let first = "(SELECT MIN(rowid) FROM record_changes)"
            let stored = try #require(
                try Data.fetchOne(
                    db, sql: "SELECT envelope FROM record_changes WHERE rowid = \(first)"))
            var change = try ChangeEnvelope.decode([UInt8](stored))
            change.signature[0] ^= 1
            try db.execute(
                sql: "UPDATE record_changes SET envelope = ? WHERE rowid = \(first)",
                arguments: [Data(change.encoded())])
        }
        do {
            _ = try b.verifyAudit()
            Issue.record("an altered held change verified")
        } catch StoreError.tampered(let what, _) {
            #expect(what.contains("the change behind record") && what.contains("device"))
        }
    }

    @Test("A held log head whose signature was altered in the file is exit 74")
    func alteredHead() throws {
        let (m, _) = try SyncLogRollbackTests.setUp(FakeSyncServer())
        let b = try m.session(m.envB)
        defer { b.close() }
        try SyncLogMarkTests.file(b).write { db in
            var head = try #require(try SignedTreeHead.held(in: db))
            head.signature[0] ^= 1
            try db.execute(sql: SyncLogTables.setHead, arguments: [Data(head.encoded())])
        }
        #expect(throws: LogFailure.self) { _ = try b.verifyAudit() }
    }

    /// Both machines synced, B last (it holds A's check-in) with a session it keeps: the fake
    /// server's sessions end long after the sandbox's fixed clock.
    static func keptSession(_ server: FakeSyncServer) throws -> SyncTwoMachinesTests.Machines {
        server.state.withLock { $0.sessionEnds = 4_102_444_800_000 }
        let (m, _) = try SyncLogRollbackTests.setUp(server)
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        return m
    }

    /// B's audit verify: its outcome, or what it threw.
    static func verifyB(_ m: SyncTwoMachinesTests.Machines) throws -> AuditVerification {
        let b = try m.session(m.envB)
        defer { b.close() }
        return try b.verifyAudit()
    }

    @Test("Online, with a kept session, each stream head is proved in the served log")
    func online() throws {
        let server = FakeSyncServer()
        let m = try Self.keptSession(server)
        let signIns = server.state.withLock { $0.signIns }
        server.state.withLock { $0.paths = [] }
        let b = try m.session(m.envB)
        let streams = try b.workspace.streamCursors().filter { $0.value > 0 }.count
        let size = try b.workspace.logSize(as: b.principal)
        b.close()
        let result = try Self.verifyB(m)
        #expect(result.ok)
        let sync = try #require(result.sync)
        #expect(sync.logChecked)
        #expect(sync.logSize.map { Int64($0) } == size)
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        #expect(json.contains("\"log_checked\":true"))
        // The kept session, one pull per held stream; nothing signed in.
        #expect(streams > 0)
        #expect(server.state.withLock { $0.signIns } == signIns)
        let pulls = server.state.withLock { $0.paths }.filter { $0.hasSuffix("/pull") }
        #expect(pulls.count == streams)
    }

    @Test("Without a kept session the log is reported not checked and no server is asked")
    func noKeptSession() throws {
        let server = FakeSyncServer()
        let m = try Self.keptSession(server)
        let b = try m.session(m.envB)
        let device = try b.workspace.withDeviceKey { id, _ in id }
        b.environment.syncSessions(for: b.workspace.path).remove(deviceId: device.rawValue)
        b.close()
        server.state.withLock { $0.paths = [] }
        let result = try Self.verifyB(m)
        #expect(result.ok)
        #expect(result.sync?.logChecked == false)
        #expect(server.state.withLock { $0.paths }.isEmpty)
    }

    @Test("Online, a log that no longer proves a held stream head is exit 74 naming it")
    func streamHeadNotIncluded() throws {
        let server = FakeSyncServer()
        let m = try Self.keptSession(server)
        server.state.withLock { $0.leafIndex = [:] }
        // Streams are checked in the order of their athlete ids: the first one is named.
        let b = try m.session(m.envB)
        let (first, sseq) = try #require(
            try b.workspace.streamCursors().filter { $0.value > 0 }
                .min { $0.key.rawValue < $1.key.rawValue })
        b.close()
        let failure = LogFailure.notIncluded(stream: .athlete(first), sequence: sseq)
        #expect(failure.category == .corrupt)
        #expect(throws: failure) { _ = try Self.verifyB(m) }
    }

    @Test("Online, a served log that rolls back the held head is exit 74 naming both sizes")
    func rolledBack() throws {
        let server = FakeSyncServer()
        let m = try Self.keptSession(server)
        let b = try m.session(m.envB)
        let size = try #require(try b.workspace.logSize(as: b.principal))
        b.close()
        server.rollLogBack(to: Int(size) - 1)
        let failure = LogFailure.rolledBack(from: UInt64(size), to: UInt64(size - 1))
        #expect(throws: failure) { _ = try Self.verifyB(m) }
    }

    @Test("Online, a served log that forks the held head (same size, another root) is exit 74")
    func forked() throws {
        let server = FakeSyncServer()
        let m = try Self.keptSession(server)
        let b = try m.session(m.envB)
        let size = try #require(try b.workspace.logSize(as: b.principal))
        b.close()
        server.forkLog(at: Int(size) - 1)
        #expect(throws: LogFailure.forked(held: UInt64(size), served: UInt64(size))) {
            _ = try Self.verifyB(m)
        }
    }

    @Test("A server that cannot be reached leaves the log reported not checked, not failed")
    func unreachable() throws {
        let server = FakeSyncServer()
        let m = try Self.keptSession(server)
        server.state.withLock { $0.down = true }
        let result = try Self.verifyB(m)
        #expect(result.ok)
        #expect(result.sync?.logChecked == false)
        #expect(result.sync?.changes ?? 0 > 0)
    }

    @Test("Online, a held stream head rewritten in the file is not the served one: exit 74")
    func heldStreamHeadRewritten() throws {
        let server = FakeSyncServer()
        let m = try Self.keptSession(server)
        let b = try m.session(m.envB)
        let (first, sseq) = try #require(
            try b.workspace.streamCursors().filter { $0.value > 0 }
                .min { $0.key.rawValue < $1.key.rawValue })
        try SyncLogMarkTests.file(b).write { db in
            try db.execute(
                sql: "UPDATE sync_streams SET head = ? WHERE stream = ?",
                arguments: [Data(repeating: 7, count: 32), first.rawValue])
        }
        b.close()
        #expect(throws: LogFailure.notIncluded(stream: .athlete(first), sequence: sseq)) {
            _ = try Self.verifyB(m)
        }
    }
}
