import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// The plaintext-column whitelist: every column of every table in a live workspace is listed in
/// `Schema.plaintextColumns` (which docs/security.md mirrors), and nothing listed is missing.
@Suite struct PlaintextColumnsTests {
    /// GRDB's own bookkeeping: migration identifiers such as "v1", no user data.
    static let infrastructure: [String: [String]] = ["grdb_migrations": ["identifier"]]

    @Test(
        "Every table's columns equal the whitelist, in a workspace with users, athletes and sessions"
    )
    func whitelist() throws {
        let f = try Fixture()
        let jane = try f.athlete("jane", goals: "some goal")
        _ = try f.user("carl", role: .coach)
        try f.ws.grantAccess(try f.ws.openAthlete(id: AthleteID(jane), as: f.owner), to: "carl")
        _ = try f.ws.unlock(
            handle: "olivia", passphrase: secret(Fixture.ownerPass), ttlSeconds: 600)
        let live = try f.ws.read { db -> [String: [String]] in
            let tables = try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
            var out: [String: [String]] = [:]
            for t in tables {
                out[t] = try Row.fetchAll(
                    db, sql: "PRAGMA table_info(\(t.quotedDatabaseIdentifier))"
                ).map { $0["name"] as String }
            }
            return out
        }
        let expected = Schema.plaintextColumns.merging(Self.infrastructure) { a, _ in a }
        #expect(
            Set(live.keys) == Set(expected.keys),
            "tables not in the whitelist: \(Set(live.keys).subtracting(expected.keys))")
        for (table, columns) in live {
            #expect(Set(columns) == Set(expected[table] ?? []), "table \(table)")
        }
    }

    @Test("GRDB's migration table holds only migration identifiers")
    func migrationsTable() throws {
        let f = try Fixture()
        let ids = try f.ws.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(!ids.isEmpty)
        #expect(Set(ids).isSubset(of: Set(Schema.migrator.migrations)))
    }

    @Test("No plaintext text column holds an athlete's handle, name or note")
    func noProfileTextInColumns() throws {
        let f = try Fixture()
        try f.athlete("zelda", goals: "qualify-for-kona")
        let texts = try f.ws.read { db -> [String] in
            var all: [String] = []
            for (table, columns) in Schema.plaintextColumns {
                for c in columns {
                    all += try String.fetchAll(
                        db,
                        sql:
                            "SELECT CAST(\(c.quotedDatabaseIdentifier) AS TEXT) FROM \(table.quotedDatabaseIdentifier) WHERE typeof(\(c.quotedDatabaseIdentifier)) = 'text'"
                    )
                }
            }
            return all
        }
        #expect(!texts.isEmpty)
        #expect(
            !texts.contains {
                $0.contains("zelda") || $0.contains("Name of") || $0.contains("kona")
            })
    }
}
