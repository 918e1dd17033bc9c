import CoachCrypto
import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Migration v9-compact-records on a workspace laid out by v6: record rows sealed as JSON,
/// the (athlete, kind, day) index, month chunks in a WITHOUT ROWID table.
@Suite struct CompactRecordsMigrationTests {
    static let v6Chunks = """
        CREATE TABLE snapshot_chunks (
            athlete_id TEXT NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
            section TEXT NOT NULL,
            period INTEGER NOT NULL,
            epoch INTEGER NOT NULL,
            nonce BLOB NOT NULL,
            ciphertext BLOB NOT NULL,
            PRIMARY KEY (athlete_id, period, section)
        ) STRICT, WITHOUT ROWID;
        """

    /// Turns the fixture's file back into the v6 layout, its record rows re-sealed as JSON.
    static func downgrade(_ f: Fixture, athlete a: String, payloads: [String: String]) throws {
        let keyring = try f.keyring(a, f.owner)
        try f.raw { db in
            let key = try keyring.recordKey(epoch: 1, db)
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT * FROM records WHERE \(ofAthlete)",
                arguments: [a])
            for row in rows {
                let id: String = row["id"]
                let sealed = try AEAD.seal(
                    Padding.pad(Array(payloads[id]!.utf8), blockSize: RecordCodec.padBlock),
                    ad: RecordCodec.ad(
                        athleteId: a, id: id, kind: row["kind"], day: row["day"],
                        epoch: row["epoch"], version: row["version"]),
                    key: key)
                try db.execute(
                    sql:
                        "UPDATE records SET nonce = ?, ciphertext = ? WHERE \(ofAthlete) AND id = ?",
                    arguments: [Data(sealed.nonce), Data(sealed.ciphertext), a, id])
            }
            // The rows as a writer of the JSON form left them: its head signed over them.
            f.ws.pendingHeads.withLock {
                $0[a] = PendingHead(actor: f.owner, running: nil, epoch: 0)
            }
            try f.ws.signPendingHeads(db)
            try db.execute(
                sql: """
                    DROP TABLE snapshot_chunks;
                    \(v6Chunks)
                    CREATE INDEX records_by_kind_day ON records(athlete_num, kind, day);
                    DELETE FROM grdb_migrations WHERE identifier = 'v9-compact-records';
                    """)
        }
    }

    @Test("A v6 workspace upgrades: JSON rows read as before, snapshot rebuilt, new rows compact")
    func upgradesV6Workspace() throws {
        let f = try Fixture()
        let a = try f.athlete("anna")
        let start = LocalDay("2026-09-01")!
        for i in 0..<70 {
            let e = WellnessEntry(
                id: "m\(i)", day: start.adding(days: i), mood: i % 5 + 1,
                doms: [.quads: i % 7], notes: "felt fine after the long ride")
            try f.ws.putLog(
                e, id: RecordID(e.id), kind: .wellness, day: e.day,
                for: try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
        }
        let payloads = try f.records(a)
        let dataset = try f.ws.exportDataset(athleteId: AthleteID(a), as: f.owner)
        try Self.downgrade(f, athlete: a, payloads: payloads)
        let jsonSize = try f.raw { db in
            try Int.fetchOne(db, sql: "SELECT length(ciphertext) FROM records WHERE id = 'm0'")!
        }

        let ws = try Workspace.open(
            at: f.path, clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs)
        let owner = try ws.authenticate(handle: "olivia", passphrase: secret(Fixture.ownerPass))
        let schema = try ws.read { db in
            (
                index: try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE name = 'records_by_kind_day'"
                ),
                chunks: try String.fetchOne(
                    db, sql: "SELECT sql FROM sqlite_master WHERE name = 'snapshot_chunks'"),
                sections: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM snapshots")
            )
        }
        #expect(schema.index == 0)
        #expect(schema.chunks?.contains("WITHOUT ROWID") == false)
        #expect(schema.sections == 0, "the old snapshot is dropped")
        #expect(try ws.exportDataset(athleteId: AthleteID(a), as: owner) == dataset)
        #expect(
            try ws.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM snapshots") } == 9)

        let fresh = WellnessEntry(
            id: "m0", day: start, mood: 5, doms: [.quads: 1], notes: "felt fine after the long ride"
        )
        try ws.putLog(
            fresh, id: RecordID("m0"), kind: .wellness, day: start,
            for: try ws.openAthlete(id: AthleteID(a), as: owner))
        let sizes = try ws.read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, length(ciphertext) AS n FROM records WHERE id IN ('m0', 'm1')"
            )
            .reduce(into: [String: Int]()) { $0[$1["id"]] = $1["n"] }
        }
        #expect(sizes["m1"] == jsonSize, "untouched rows keep their JSON form")
        #expect(sizes["m0"]! < jsonSize, "a rewritten row seals the compact form")
        var expected = dataset
        expected.wellness[0] = fresh
        #expect(try ws.exportDataset(athleteId: AthleteID(a), as: owner) == expected)
        let entries = try ws.logEntries(
            of: try ws.openAthlete(id: AthleteID(a), as: owner), kinds: [.wellness], from: start,
            through: start.adding(days: 1))
        #expect(entries.map(\.id) == ["m0", "m1"])
    }
}
