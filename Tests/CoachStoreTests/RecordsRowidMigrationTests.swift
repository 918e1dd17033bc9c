import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Migration v10 moves the records back to a rowid table; every row must come through as it was.
@Suite struct RecordsRowidMigrationTests {
    @Test("v10 keeps every record row and its (athlete, id) key, in a rowid table")
    func keepsRows() throws {
        var config = Configuration()
        config.foreignKeysEnabled = false  // the rows below have no athletes or epochs
        let queue = try DatabaseQueue(configuration: config)
        try Schema.migrator.migrate(queue, upTo: "v6-chunked-snapshots")
        let rows: [[(any DatabaseValueConvertible)?]] = [
            ["a1", "i0001", "biometric", "2024-03-10", 1, 1, 1, Data([1, 2]), Data([3, 4, 5])],
            ["a1", "steps-2024-03-10", "steps", "2024-03-10", 1, 1, 3, Data([6]), Data([7])],
            ["a2", "i0001", "sleep", "2024-03-09", 1, 2, 1, Data([8]), Data([9, 10])],
        ]
        try queue.write { db in
            for r in rows {
                try db.execute(
                    sql: """
                        INSERT INTO records (athlete_id, id, kind, day, fmt, epoch, version,
                            nonce, ciphertext) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: StatementArguments(r))
            }
        }
        let query = "SELECT * FROM records ORDER BY athlete_id, id"
        let before = try queue.read { try Row.fetchAll($0, sql: query) }
        try Schema.migrator.migrate(queue, upTo: Schema.recordsByRowidMigration)
        let after = try queue.read { try Row.fetchAll($0, sql: query) }
        #expect(after == before)
        #expect(after.count == rows.count)
        let sql = try queue.read {
            try String.fetchOne($0, sql: "SELECT sql FROM sqlite_master WHERE name = 'records'")
        }
        #expect(sql?.contains("WITHOUT ROWID") == false)
        // The key still refuses a second row with the same athlete and id.
        #expect(throws: DatabaseError.self) {
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO records (athlete_id, id, kind, day, fmt, epoch, version,
                            nonce, ciphertext) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: StatementArguments(rows[0]))
            }
        }
    }
}
