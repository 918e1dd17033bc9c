import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Issue 11: a user remembers the last audit entry they wrote, so an insider who removes or
/// rewrites the log's tail is caught by that user at their next sign-in.
@Suite struct AuditTailTests {
    /// Whether signing a user in again is refused as tampering with the audit log.
    static func refused(
        _ f: Fixture, _ handle: String = "olivia", _ pass: String = Fixture.ownerPass
    ) -> Bool {
        do {
            _ = try f.ws.authenticate(handle: Handle(handle), passphrase: secret(pass))
            return false
        } catch let StoreError.tampered(what, _) {
            return what.contains("audit log")
        } catch {
            return false
        }
    }

    @Test(
        "Removing or rewriting the entries a user wrote is tampering at their next sign-in",
        arguments: [
            "DELETE FROM audit WHERE seq = (SELECT MAX(seq) FROM audit)",
            "UPDATE audit SET entry_hash = randomblob(32) WHERE seq = (SELECT MAX(seq) FROM audit)",
        ])
    func tailRewritten(sql: String) throws {
        let f = try Fixture()
        try f.athlete("anna")
        #expect(!Self.refused(f))
        try f.raw { db in try db.execute(sql: sql) }
        #expect(Self.refused(f))
    }

    @Test("Entries written after a user's last one may come and go without affecting them")
    func othersTail() throws {
        let f = try Fixture()
        try f.athlete("anna")
        let carl = try f.user("carl", role: .coach)
        try f.athlete("bert", as: carl)
        try f.raw { db in
            try db.execute(sql: "DELETE FROM audit WHERE seq = (SELECT MAX(seq) FROM audit)")
        }
        // The owner wrote carl's user entry last; carl's own entry is what went.
        #expect(!Self.refused(f))
        #expect(Self.refused(f, "carl", Fixture.coachPass))
    }
}
