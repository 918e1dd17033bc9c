import CoachApp
import CoachKit
import CoachTestSupport
import CoachTrust
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Merges on a workspace file several users sync from read back tables nothing signs as a
/// whole: the change behind each record (`record_changes`) and the base each queued change was
/// made on (the outbox's `base`). An insider who writes a genuine but older change into either
/// must meet exit 74, never a record rolled back or a field merge against a planted base.
@Suite struct SyncSharedFileTamperTests {
    typealias Shared = SyncSharedMachineTests
    typealias Machines = SyncTwoMachinesTests.Machines

    /// Machines in step whose athlete's profile has an older genuine change on file: returned
    /// with that change (its envelope as A held it behind the profile two renames ago).
    static func withHistory() throws -> (Machines, [String: Data]) {
        let m = try Shared.inStep()
        try Shared.rename(m, m.envB, to: "Jane two")
        for environment in [m.envB, m.envA, nil] { try Shared.sync(m, environment) }
        let older = try changesBehind(m)
        try Shared.rename(m, m.envB, to: "Jane three")
        for environment in [m.envB, m.envA, nil] { try Shared.sync(m, environment) }
        return (m, older)
    }

    /// The change behind each record on A, by athlete id and object.
    static func changesBehind(_ m: Machines) throws -> [String: Data] {
        let s = try m.session(m.envA)
        defer { s.close() }
        let ws = try #require(s.workspace as? Workspace)
        return try ws.read { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(
                    db, sql: "SELECT athlete_id || '/' || object AS k, envelope FROM record_changes"
                ).map { ($0["k"] as String, $0["envelope"] as Data) })
        }
    }

    /// Runs raw SQL on A's file (an insider with write access to it).
    static func onFileA(_ m: Machines, _ body: (Database) throws -> Void) throws {
        let s = try m.session(m.envA)
        defer { s.close() }
        let ws = try #require(s.workspace as? Workspace)
        try ws.write(body)
    }

    @Test("An older genuine change written behind a record is exit 74 before carl's merge")
    func olderChangeBehindRecord() throws {
        let (m, older) = try Self.withHistory()
        try Shared.rename(m, nil, to: "Jane by carl")
        try Shared.rename(m, m.envB, to: "Jane by B")
        try Shared.sync(m, m.envB)
        try Shared.sync(m, m.envA)  // B's rename written over carl's queued one
        try Self.onFileA(m) { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM outbox"))
            let object: String = row["object"]
            let envelope: Data = try #require(older["\(row["athlete_id"] as String)/\(object)"])
            try db.execute(
                sql: """
                    UPDATE record_changes SET envelope = ?, version = ?
                    WHERE athlete_id = ? AND object = ?
                    """,
                arguments: [
                    envelope, try ChangeEnvelope.decode([UInt8](envelope)).version,
                    row["athlete_id"] as String, object,
                ])
        }
        // Before: merged over the row, which rolled back to "Jane two" under a head signed
        // again with carl's key.
        let error = #expect(throws: StoreError.self) { try Shared.sync(m, nil) }
        #expect(error?.category == .corrupt, "\(String(describing: error))")
        #expect(try Shared.name(m, m.envA) == "Jane by B")
        let a = try m.session(m.envA)
        defer { a.close() }
        #expect(try a.syncStatus().queued == 1)
    }

    @Test("A queued change's base replaced by an older genuine change is exit 74 at the merge")
    func plantedBase() throws {
        let (m, older) = try Self.withHistory()
        try Shared.rename(m, m.envA, to: "Jane by olivia")
        try Shared.rename(m, m.envB, to: "Jane by B")
        try Shared.sync(m, m.envB)
        try Self.onFileA(m) { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM outbox"))
            let object: String = row["object"]
            let envelope: Data = try #require(older["\(row["athlete_id"] as String)/\(object)"])
            try db.execute(
                sql: "UPDATE outbox SET base = ? WHERE athlete_id = ? AND object = ?",
                arguments: [envelope, row["athlete_id"] as String, object])
        }
        // Before: merged field by field against the planted base, with no error.
        let error = #expect(throws: StoreError.self) { try Shared.sync(m, m.envA) }
        #expect(error?.category == .corrupt, "\(String(describing: error))")
        let a = try m.session(m.envA)
        defer { a.close() }
        #expect(try a.syncStatus().queued == 1)
        #expect(try a.syncConflicts().isEmpty)
    }
}
