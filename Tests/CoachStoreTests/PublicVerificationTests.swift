import CoachKit
import CoachTrust
import Foundation
import GRDB
import Testing

@testable import CoachCrypto
@testable import CoachStore

/// A party holding no keys — only the workspace id and the owner's public signing key —
/// verifies membership and every athlete's key history from the public rows.
@Suite struct PublicVerificationTests {
    /// A workspace with a coach-made athlete, an athlete user, a grant and a revocation.
    static func scene() throws -> (Fixture, workspaceId: String, ownerKey: [UInt8]) {
        let f = try Fixture()
        let carl = try f.user("carl", role: .coach)
        let dana = try f.user("dana", role: .coach)
        let jane = try f.athlete("jane", as: carl)
        try f.ws.grantAccess(try f.ws.openAthlete(id: AthleteID(jane), as: carl), to: "dana")
        // A coach gives an athlete user an enrolment code (issue 31): her first, pending
        // certificate is the coach's signature.
        _ = try f.ws.addUserForEnrolment(
            handle: "jane-u", role: .athlete, athleteHandle: "jane", as: carl)
        try f.ws.revokeAccess(try f.ws.openAthlete(id: AthleteID(jane), as: f.owner), from: "carl")
        _ = try f.athlete("bert", as: dana)
        let (id, key) = try f.raw { db in
            (
                try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'workspace_id'"),
                try Data.fetchOne(db, sql: "SELECT sign_pk FROM users WHERE handle = 'olivia'")
            )
        }
        return (f, try #require(id), [UInt8](try #require(key)))
    }

    @Test("Public rows alone verify: every certificate, key history and newest grant")
    func verifiesWithoutKeys() throws {
        let (f, id, key) = try Self.scene()
        let result = try f.ws.verifyPublicRows(workspaceId: id, ownerSigningKey: key)
        #expect(result == PublicVerification(users: 4, athletes: 2))
    }

    static let forgeries = [
        "UPDATE users SET role = 'owner' WHERE handle = 'jane-u'",
        "UPDATE users SET box_pk = randomblob(32) WHERE handle = 'dana'",
        "UPDATE certificates SET version = version + 1 WHERE signer_id != user_id",
        "UPDATE epochs SET commitment = randomblob(32) WHERE epoch = 2",
        "UPDATE epochs SET signer_id = (SELECT id FROM users WHERE handle = 'carl') WHERE epoch = 2",
        "UPDATE epochs SET prev_nonce = randomblob(24), prev_wrapped = randomblob(48) WHERE epoch = 1",
        "UPDATE grants SET signature = randomblob(64) WHERE epoch = 2",
        "UPDATE grants SET granted_by = (SELECT id FROM users WHERE handle = 'jane-u')",
    ]

    @Test("Each public-row forgery is found without keys", arguments: forgeries)
    func forgeryFound(sql: String) throws {
        let (f, id, key) = try Self.scene()
        try f.raw { db in
            try db.execute(sql: sql)
        }
        #expect(throws: StoreError.self, "\(sql)") {
            try f.ws.verifyPublicRows(workspaceId: id, ownerSigningKey: key)
        }
    }

    @Test("Another owner key or another workspace id verifies nothing")
    func wrongAnchor() throws {
        let (f, id, key) = try Self.scene()
        #expect(throws: StoreError.self) {
            try f.ws.verifyPublicRows(
                workspaceId: id, ownerSigningKey: [UInt8](repeating: 7, count: 32))
        }
        #expect(throws: StoreError.self) {
            try f.ws.verifyPublicRows(workspaceId: "another", ownerSigningKey: key)
        }
    }

    /// A verdict of either check: the counts, or what was reported as tampered.
    enum Verdict: Equatable {
        case verified(users: Int, athletes: Int)
        case tampered(String)
    }

    @Test(
        "CoachTrust fed the rows as values, with no database, gives the store's verdict",
        arguments: [""] + forgeries + [
            "DELETE FROM epochs WHERE epoch = 1",
            "DELETE FROM certificates WHERE user_id = (SELECT id FROM users WHERE handle = 'dana')",
            "UPDATE users SET sign_pk = randomblob(32) WHERE handle = 'olivia'",
        ])
    func sameVerdicts(sql: String) throws {
        let (f, id, key) = try Self.scene()
        if !sql.isEmpty { try f.raw { db in try db.execute(sql: sql) } }
        let store: Verdict
        do {
            let r = try f.ws.verifyPublicRows(workspaceId: id, ownerSigningKey: key)
            store = .verified(users: r.users, athletes: r.athletes)
        } catch StoreError.tampered(let what, _) {
            store = .tampered(what)
        }
        let values: Verdict
        do {
            let rows = try f.ws.publicRows()
            let verifier = MembershipVerifier(
                anchor: TrustAnchor(workspaceId: id, ownerSignPK: key))
            let r = try verifier.verifyAll(rows)
            values = .verified(users: r.users, athletes: r.athletes)
        } catch TrustError.tampered(let what) {
            values = .tampered(what)
        }
        #expect(values == store, "\(sql)")
        if sql.isEmpty { #expect(store == .verified(users: 4, athletes: 2)) }
    }
}
