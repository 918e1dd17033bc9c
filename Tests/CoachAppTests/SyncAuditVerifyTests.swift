import CoachApp
import CoachKit
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// `audit verify` in a synced workspace: the local chain as before, plus each change held
/// behind a record (signed by its device, of the roster) and the held head of the server's
/// log (signed by the certified key); the server's log itself is not asked (offline).
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
}
