import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Migration v12 keys record rows by an integer athlete key and stores UUID and import ids as
/// their bytes; the sealed bytes do not change, so every row must come through and still open.
@Suite struct CompactRecordKeysMigrationTests {
    static let uuid = "0b3f6a52-9c1e-4d2a-8f00-7e0b6b1c00aa"
    static let importId = "i0123456789abcdef01234567"

    @Test(
        "An id is stored in one form and reads back unchanged",
        arguments: [
            (uuid, "blob", 16),
            (importId, "blob", 12),
            ("profile", "text", 7),
            ("steps-2024-03-10", "text", 16),
            ("0B3F6A52-9C1E-4D2A-8F00-7E0B6B1C00AA", "text", 36),
            ("i0123456789ABCDEF01234567", "text", 25),
            ("i0123456789abcdef0123456", "text", 24),
            ("0123456789abcdef0123456789abcdef", "text", 32),
        ])
    func storedForm(id: String, type: String, length: Int) throws {
        let stored = RecordIdColumn.value(id)
        switch stored.storage {
        case .blob(let data): #expect(type == "blob" && data.count == length)
        case .string(let text): #expect(type == "text" && text.utf8.count == length)
        default: Issue.record("\(id) stored as \(stored)")
        }
        #expect(RecordIdColumn.id(stored) == id)
    }

    @Test("A stored value that is not the one form of its id does not decode")
    func nonCanonical() {
        #expect(RecordIdColumn.id(Self.uuid.databaseValue) == nil, "a UUID as text")
        #expect(RecordIdColumn.id(Self.importId.databaseValue) == nil, "an import id as text")
        #expect(RecordIdColumn.id(Data(repeating: 7, count: 15).databaseValue) == nil)
        #expect(RecordIdColumn.id(1.databaseValue) == nil)
        #expect(RecordIdColumn.id(.null) == nil)
    }

    @Test("v12 keeps every record row, keys it by the athlete's integer and stores ids in one form")
    func keepsRows() throws {
        var config = Configuration()
        config.foreignKeysEnabled = false  // the rows below have no epochs
        let queue = try DatabaseQueue(configuration: config)
        try Schema.migrator.migrate(queue, upTo: Schema.recordsByRowidMigration)
        let rows: [[(any DatabaseValueConvertible)?]] = [
            ["a1", Self.uuid, "wellness", "2024-03-10", 1, 1, 1, Data([1, 2]), Data([3, 4, 5])],
            ["a1", Self.importId, "biometric", "2024-03-10", 1, 1, 2, Data([6]), Data([7])],
            ["a1", "steps-2024-03-10", "steps", "2024-03-10", 1, 1, 3, Data([8]), Data([9])],
            ["a2", Self.uuid, "sleep", "2024-03-09", 1, 2, 1, Data([10]), Data([11, 12])],
            ["a2", "profile", "profile", "2024-03-09", 1, 2, 4, Data([13]), Data([14])],
        ]
        try queue.write { db in
            // Athletes added and removed first, so their rowids are not 1 and 2.
            for (id, tag) in [("x", 0), ("a2", 2), ("a1", 1)] {
                try db.execute(
                    sql: "INSERT INTO athletes (id, handle_tag) VALUES (?, ?)",
                    arguments: [id, Data([UInt8(tag)])])
            }
            try db.execute(sql: "DELETE FROM athletes WHERE id = 'x'")
            for r in rows {
                try db.execute(
                    sql: """
                        INSERT INTO records (athlete_id, id, kind, day, fmt, epoch, version,
                            nonce, ciphertext) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: StatementArguments(r))
            }
        }
        let rowids = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, rowid FROM athletes").reduce(
                into: [String: Int64]()
            ) { $0[$1["id"]] = $1["rowid"] }
        }
        let before = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM records ORDER BY athlete_id, id")
                .map { Self.columns($0, athlete: $0["athlete_id"], id: $0["id"]) }
        }
        try Schema.migrator.migrate(queue, upTo: Schema.compactRecordKeysMigration)
        let nums = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, num FROM athletes").reduce(
                into: [String: Int64]()
            ) { $0[$1["id"]] = $1["num"] }
        }
        #expect(nums == rowids, "the integer key is the athlete's rowid before")
        let after = try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT a.id AS athlete, r.* FROM records r
                    JOIN athletes a ON a.num = r.athlete_num
                    """
            ).map { row in
                Self.columns(
                    row, athlete: row["athlete"], id: try #require(RecordIdColumn.id(row["id"])))
            }.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
        }
        #expect(after == before)
        let forms = try queue.read { db in
            try String.fetchAll(
                db, sql: "SELECT typeof(id) || length(id) FROM records ORDER BY athlete_num, kind")
        }
        #expect(forms == ["text7", "blob16", "blob12", "text16", "blob16"])
        // The key still refuses a second row with the same athlete and id.
        #expect(throws: DatabaseError.self) {
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO records (athlete_num, id, kind, day, fmt, epoch, version,
                            nonce, ciphertext)
                        VALUES (?, ?, 'steps', '2024-03-11', 1, 1, 1, X'00', X'00')
                        """, arguments: [nums["a1"], RecordIdColumn.value(Self.uuid)])
            }
        }
    }

    /// A row's columns as text, with the athlete and record ids given as text.
    static func columns(_ row: Row, athlete: String, id: String) -> [String] {
        [athlete, id]
            + ["kind", "day", "fmt", "epoch", "version", "nonce", "ciphertext"].map {
                "\(row[$0] as DatabaseValue)"
            }
    }
}
