import CoachCrypto
import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Record rows keyed by the athlete's integer key and stored ids (migration v12): a workspace
/// in the v10 layout upgrades with every record still opening, and editing the mapping or the
/// stored ids makes rows fail to open instead of showing another athlete's or record's data.
@Suite struct CompactRecordKeysTests {
    static let moodIds = [
        "5d1e0c2a-4b7f-4e11-9a3c-0f6d2b8e7a01", "5d1e0c2a-4b7f-4e11-9a3c-0f6d2b8e7a02",
    ]

    /// anna and bert, each with two moods (UUID ids), one with an import id and one with a text id.
    static func scene() throws -> (Fixture, anna: String, bert: String) {
        let f = try Fixture()
        let anna = try f.athlete("anna"), bert = try f.athlete("bert")
        let ids = moodIds + ["i00112233445566778899aabb", "m-text"]
        for (who, name) in [(anna, "anna"), (bert, "bert")] {
            for (i, id) in ids.enumerated() {
                let day = LocalDay("2026-11-17")!.adding(days: i)
                let e = WellnessEntry(id: id, day: day, mood: i + 2, notes: "\(name) \(i)")
                try f.ws.putLog(
                    e, id: RecordID(id), kind: .wellness, day: day,
                    for: try f.ws.openAthlete(id: AthleteID(who), as: f.owner))
            }
        }
        return (f, anna, bert)
    }

    /// The v10 layout of records and athletes, with rows converted back.
    static let v10 = """
        CREATE TABLE athletes_v10 (
            id TEXT PRIMARY KEY NOT NULL,
            handle_tag BLOB NOT NULL UNIQUE
        ) STRICT;
        INSERT INTO athletes_v10 (id, handle_tag) SELECT id, handle_tag FROM athletes;
        CREATE TABLE records_v7 (
            athlete_id TEXT NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            kind TEXT NOT NULL,
            day TEXT NOT NULL,
            fmt INTEGER NOT NULL,
            epoch INTEGER NOT NULL,
            version INTEGER NOT NULL,
            nonce BLOB NOT NULL,
            ciphertext BLOB NOT NULL,
            PRIMARY KEY (athlete_id, id),
            FOREIGN KEY (athlete_id, epoch) REFERENCES epochs(athlete_id, epoch)
        ) STRICT;
        INSERT INTO records_v7 SELECT a.id,
            CASE WHEN typeof(r.id) = 'text' THEN r.id
                WHEN length(r.id) = 12 THEN 'i' || lower(hex(r.id))
                ELSE lower(substr(hex(r.id), 1, 8) || '-' || substr(hex(r.id), 9, 4) || '-'
                    || substr(hex(r.id), 13, 4) || '-' || substr(hex(r.id), 17, 4) || '-'
                    || substr(hex(r.id), 21)) END,
            r.kind, r.day, r.fmt, r.epoch, r.version, r.nonce, r.ciphertext
        FROM records r JOIN athletes a ON a.num = r.athlete_num;
        DROP TABLE records;
        DROP TABLE athletes;
        ALTER TABLE athletes_v10 RENAME TO athletes;
        ALTER TABLE records_v7 RENAME TO records;
        DELETE FROM grdb_migrations WHERE identifier = 'v12-compact-record-keys';
        """

    /// Raw SQL on the file with foreign keys off, as the sqlite3 shell runs it.
    static func insider(_ f: Fixture, _ sql: String) throws {
        var config = Configuration()
        config.foreignKeysEnabled = false
        try DatabaseQueue(path: f.path, configuration: config).write { try $0.execute(sql: sql) }
    }

    @Test("A workspace in the v10 layout upgrades and every record opens as before")
    func upgradesV10Workspace() throws {
        let (f, anna, bert) = try Self.scene()
        let before = [try f.records(anna), try f.records(bert)]
        let dataset = try f.ws.exportDataset(athleteId: AthleteID(anna), as: f.owner)
        try Self.insider(f, Self.v10)
        let downgraded = try f.raw { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM records WHERE length(id) >= 25")
        }
        #expect(downgraded == 6, "UUID and import ids are text in the v10 layout")

        let ws = try Workspace.open(
            at: f.path, clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs)
        let owner = try ws.authenticate(handle: "olivia", passphrase: secret(Fixture.ownerPass))
        let after = try [anna, bert].map { who in
            try ws.read { db in
                let k = try AthleteKeyring.open(db, athleteId: who, principal: owner)
                return Dictionary(
                    uniqueKeysWithValues: try ws.fetchRecords(db, keyring: k).map {
                        ($0.id, String(decoding: $0.payload, as: UTF8.self))
                    })
            }
        }
        #expect(after == before)
        #expect(try ws.exportDataset(athleteId: AthleteID(anna), as: owner) == dataset)
        let blobs = try ws.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM records WHERE typeof(id) = 'blob'")
        }
        #expect(blobs == 6)
    }

    enum Attack: String, CaseIterable, Sendable {
        case swapAthleteKeys, moveRowsToOtherKey, swapRecordIds, idAsText
    }

    @Test("Editing the athlete key or the stored ids is tampering", arguments: Attack.allCases)
    func tampered(attack: Attack) throws {
        let (f, anna, bert) = try Self.scene()
        let nums = try f.raw { db in
            try [anna, bert].map {
                try #require(
                    try Int.fetchOne(
                        db, sql: "SELECT num FROM athletes WHERE id = ?", arguments: [$0]))
            }
        }
        let a = nums[0], b = nums[1]
        let u0 = "X'\(Self.moodIds[0].replacingOccurrences(of: "-", with: ""))'"
        let u1 = "X'\(Self.moodIds[1].replacingOccurrences(of: "-", with: ""))'"
        switch attack {
        case .swapAthleteKeys:
            try Self.insider(
                f,
                """
                UPDATE athletes SET num = -num WHERE num IN (\(a), \(b));
                UPDATE athletes SET num = CASE num WHEN -\(a) THEN \(b) ELSE \(a) END
                WHERE num IN (-\(a), -\(b));
                """)
        case .moveRowsToOtherKey:
            try Self.insider(
                f,
                "DELETE FROM records WHERE athlete_num = \(a); "
                    + "UPDATE records SET athlete_num = \(a) WHERE athlete_num = \(b);")
        case .swapRecordIds:
            try Self.insider(
                f,
                """
                UPDATE records SET id = X'00' WHERE athlete_num = \(a) AND id = \(u0);
                UPDATE records SET id = \(u0) WHERE athlete_num = \(a) AND id = \(u1);
                UPDATE records SET id = \(u1) WHERE athlete_num = \(a) AND id = X'00';
                """)
        case .idAsText:
            try Self.insider(
                f,
                "UPDATE records SET id = '\(Self.moodIds[0])' "
                    + "WHERE athlete_num = \(a) AND id = \(u0);")
        }
        #expect { try f.records(anna) } throws: { isTampered($0) }
    }
}
