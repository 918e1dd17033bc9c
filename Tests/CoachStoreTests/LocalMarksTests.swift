import CoachCrypto
import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachLocal
@testable import CoachStore

/// A keeper that holds marks in memory: store tests reach the marks seam without a home folder.
final class MemoryMarks: MarksKeeper, @unchecked Sendable {
    // @unchecked Sendable: `files` is only touched under `lock`.
    private let lock = NSLock()
    private var files: [String: [UInt8]] = [:]
    let reportsOnly = false

    func load(workspaceId: String, userId: String) throws -> [UInt8]? {
        lock.withLock { files[location(workspaceId: workspaceId, userId: userId)] }
    }

    func save(_ sealed: [UInt8], workspaceId: String, userId: String) throws {
        lock.withLock { files[location(workspaceId: workspaceId, userId: userId)] = sealed }
    }

    func forget(workspaceId: String) {
        lock.withLock { files = files.filter { !$0.key.hasPrefix(workspaceId + "/") } }
    }

    func location(workspaceId: String, userId: String) -> String { "\(workspaceId)/\(userId)" }

    var all: [UInt8] { lock.withLock { files.values.flatMap { $0 } } }
}

/// Issue 11: each user's marks kept outside the file, through the keeper seam.
@Suite struct LocalMarksTests {
    @Test("Signing in keeps sealed marks; a reader then refuses a cut audit tail")
    func readerMarks() throws {
        let f = try Fixture()
        let anna = try f.athlete("anna", goals: "marks-secret-goal")
        let carl = try f.user("carl", role: .coach)
        let keeper = MemoryMarks()
        let ws = try Workspace.open(
            at: f.path, clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs,
            marks: keeper)
        _ = try ws.authenticate(handle: "carl", passphrase: secret(Fixture.coachPass))
        let kept = keeper.all
        #expect(!kept.isEmpty)
        for needle in [anna, carl.userId.rawValue, "marks-secret-goal"] {
            #expect(!Bytes.contains(kept, Array(needle.utf8)), "\(needle) in the marks")
        }
        // carl wrote nothing; the owner's entry he saw at sign-in goes.
        try f.raw { db in
            try db.execute(sql: "DELETE FROM audit WHERE seq = (SELECT MAX(seq) FROM audit)")
        }
        #expect(throws: StoreError.self) {
            _ = try ws.authenticate(handle: "carl", passphrase: secret(Fixture.coachPass))
        }
        // Without a keeper (or on a new machine) nothing is remembered outside the file.
        _ = try f.ws.authenticate(handle: "carl", passphrase: secret(Fixture.coachPass))
    }

    @Test("Marks never move ahead of the file: a rolled-back write leaves them as they were")
    func rollbackLeavesMarks() throws {
        let f = try Fixture()
        let keeper = MemoryMarks()
        let ws = try Workspace.open(
            at: f.path, clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs,
            marks: keeper)
        let owner = try ws.authenticate(handle: "olivia", passphrase: secret(Fixture.ownerPass))
        let before = keeper.all
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try ws.write { db in
                try ws.appendAudit(db, actor: owner, action: "athlete.note")
                throw Abort()
            }
        }
        #expect(keeper.all == before)
        try ws.write { db in try ws.appendAudit(db, actor: owner, action: "athlete.note") }
        #expect(keeper.all != before)
        _ = try ws.authenticate(handle: "olivia", passphrase: secret(Fixture.ownerPass))
    }
}
