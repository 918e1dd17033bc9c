import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachCrypto
@testable import CoachStore

/// The encrypted snapshot always equals what the records say, and is protected like them.
@Suite struct SnapshotTests {
    /// The dataset decoded record by record, bypassing the snapshot.
    static func fromRecords(_ f: Fixture, _ id: String, as who: Principal? = nil) throws
        -> AthleteDataset
    {
        try f.ws.read { db in
            try f.ws.datasetFromRecords(
                db, keyring: try AthleteKeyring.open(db, athleteId: id, principal: who ?? f.owner))
        }
    }

    /// The oldest epoch among the athlete's snapshot sections (or the one section's epoch).
    static func snapshotEpoch(_ f: Fixture, _ id: String, section: String? = nil) throws -> Int? {
        try f.ws.read { db in
            try Int.fetchOne(
                db, sql: "SELECT MIN(epoch) FROM snapshots WHERE athlete_id = ? AND section LIKE ?",
                arguments: [id, section ?? "%"])
        }
    }

    static func sectionCiphertexts(_ f: Fixture, _ id: String) throws -> [String: Data] {
        try f.ws.read { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(
                    db, sql: "SELECT section, ciphertext FROM snapshots WHERE athlete_id = ?",
                    arguments: [id]
                ).map { ($0["section"] as String, $0["ciphertext"] as Data) })
        }
    }

    static func mood(_ i: Int, day: Int, version: Int = 0) -> WellnessEntry {
        WellnessEntry(
            id: "m\(i)", day: LocalDay("2026-11-01")!.adding(days: day),
            mood: 1 + (i + version) % 5,
            doms: [.quads: (i + version) % 11])
    }

    @Test("After a random sequence of logs, edits and removals, the snapshot equals the records")
    func followsWrites() throws {
        let f = try Fixture()
        let a = try f.athlete("anna")
        var rng = SystemRandomNumberGenerator()
        var live: Set<Int> = []
        for step in 0..<60 {
            let i = Int.random(in: 0..<15, using: &rng)
            if live.contains(i), Bool.random(using: &rng) {
                try f.ws.removeLog(
                    id: RecordID("m\(i)"), of: try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
                live.remove(i)
            } else {
                try f.ws.putLog(
                    Self.mood(i, day: i, version: step), id: RecordID("m\(i)"), kind: .wellness,
                    day: Self.mood(i, day: i).day,
                    for: try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
                live.insert(i)
            }
        }
        let fast = try f.ws.exportDataset(athleteId: AthleteID(a), as: f.owner)
        #expect(try Self.snapshotEpoch(f, a) == 1)
        #expect(fast == (try Self.fromRecords(f, a)))
        #expect(fast.wellness.count == live.count)
    }

    @Test("Logging a mood re-seals the wellness section only")
    func sectionWrites() throws {
        let f = try Fixture()
        let a = try f.athlete("anna")
        try f.ws.putLog(
            Self.mood(1, day: 0), id: RecordID("m1"), kind: .wellness,
            day: Self.mood(1, day: 0).day, for: try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
        let before = try Self.sectionCiphertexts(f, a)
        #expect(before.count == RecordKind.allCases.count)
        try f.ws.putLog(
            Self.mood(2, day: 1), id: RecordID("m2"), kind: .wellness,
            day: Self.mood(2, day: 1).day, for: try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
        let after = try Self.sectionCiphertexts(f, a)
        #expect(after.filter { before[$0.key] != $0.value }.map(\.key) == ["wellness"])
    }

    @Test(
        "A payload whose id differs from its record's drops the snapshot rather than letting it drift"
    )
    func mismatchedId() throws {
        let f = try Fixture()
        let a = try f.athlete("anna")
        try f.ws.putLog(
            Self.mood(1, day: 0), id: RecordID("other"), kind: .wellness,
            day: Self.mood(1, day: 0).day, for: try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
        #expect(try Self.snapshotEpoch(f, a) == nil)
    }

    @Test("A dropped snapshot is rebuilt by the next read, with the same data")
    func rebuiltAfterDrop() throws {
        let f = try Fixture()
        let a = try f.athlete("anna")
        try f.ws.putLog(
            Self.mood(1, day: 0), id: RecordID("m1"), kind: .wellness,
            day: Self.mood(1, day: 0).day, for: try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
        let before = try f.ws.exportDataset(athleteId: AthleteID(a), as: f.owner)
        try f.raw { db in try db.execute(sql: "DELETE FROM snapshots") }
        #expect(try Self.snapshotEpoch(f, a) == nil)
        #expect(try f.ws.exportDataset(athleteId: AthleteID(a), as: f.owner) == before)
        #expect(try Self.snapshotEpoch(f, a) == 1)
    }

    enum Tamper: String, CaseIterable, Sendable {
        case flipCiphertext, flipNonce, moveToOtherAthlete, editEpoch, swapSections, truncate
    }

    @Test("A tampered snapshot is reported as tampered, not trusted", arguments: Tamper.allCases)
    func tampered(tamper: Tamper) throws {
        let f = try Fixture()
        let a = try f.athlete("anna"), b = try f.athlete("bert")
        try f.ws.putLog(
            Self.mood(1, day: 0), id: RecordID("m1"), kind: .wellness,
            day: Self.mood(1, day: 0).day, for: try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
        var victim = a
        try f.raw { db in
            switch tamper {
            case .flipCiphertext:
                try db.execute(
                    sql:
                        "UPDATE snapshots SET ciphertext = ? WHERE athlete_id = ? AND section = 'wellness'",
                    arguments: [
                        Data(
                            Self.flipped(
                                try Data.fetchOne(
                                    db,
                                    sql:
                                        "SELECT ciphertext FROM snapshots WHERE athlete_id = ? AND section = 'wellness'",
                                    arguments: [a])!)), a,
                    ])
            case .flipNonce:
                try db.execute(
                    sql:
                        "UPDATE snapshots SET nonce = ? WHERE athlete_id = ? AND section = 'profile'",
                    arguments: [
                        Data(
                            Self.flipped(
                                try Data.fetchOne(
                                    db,
                                    sql:
                                        "SELECT nonce FROM snapshots WHERE athlete_id = ? AND section = 'profile'",
                                    arguments: [a])!)), a,
                    ])
            case .moveToOtherAthlete:
                try db.execute(sql: "DELETE FROM snapshots WHERE athlete_id = ?", arguments: [b])
                try db.execute(
                    sql: "UPDATE snapshots SET athlete_id = ? WHERE athlete_id = ?",
                    arguments: [b, a])
                victim = b
            case .editEpoch:
                try db.execute(
                    sql:
                        "UPDATE snapshots SET epoch = 2 WHERE athlete_id = ? AND section = 'steps'",
                    arguments: [a])
            case .swapSections:
                try db.execute(
                    sql:
                        "UPDATE snapshots SET section = 'tmp' WHERE athlete_id = ? AND section = 'wellness'",
                    arguments: [a])
                try db.execute(
                    sql:
                        "UPDATE snapshots SET section = 'wellness' WHERE athlete_id = ? AND section = 'food'",
                    arguments: [a])
                try db.execute(
                    sql:
                        "UPDATE snapshots SET section = 'food' WHERE athlete_id = ? AND section = 'tmp'",
                    arguments: [a])
            case .truncate:
                try db.execute(
                    sql:
                        "UPDATE snapshots SET ciphertext = substr(ciphertext, 1, length(ciphertext) - 1) WHERE athlete_id = ? AND section = 'workout'",
                    arguments: [a])
            }
        }
        #expect { try f.ws.exportDataset(athleteId: AthleteID(victim), as: f.owner) } throws: {
            isTampered($0)
        }
        // `coach doctor --repair` rebuilds it from the records, which speak again.
        #expect(try f.ws.checkSnapshots(as: f.owner, repair: false).ok == false)
        #expect(try f.ws.checkSnapshots(as: f.owner, repair: true).ok)
        #expect(
            try f.ws.exportDataset(athleteId: AthleteID(victim), as: f.owner)
                == (try Self.fromRecords(f, victim)))
        #expect(try f.ws.checkSnapshots(as: f.owner, repair: false).ok)
    }

    @Test(
        "After a revocation, the next write seals the snapshot under the new epoch the revoked coach cannot open"
    )
    func revocation() throws {
        let f = try Fixture()
        let a = try f.athlete("anna")
        _ = try f.user("carl", role: .coach)
        try f.ws.grantAccess(try f.ws.openAthlete(id: AthleteID(a), as: f.owner), to: "carl")
        try f.ws.putLog(
            Self.mood(1, day: 0), id: RecordID("m1"), kind: .wellness,
            day: Self.mood(1, day: 0).day, for: try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
        try f.ws.revokeAccess(try f.ws.openAthlete(id: AthleteID(a), as: f.owner), from: "carl")
        try f.ws.putLog(
            Self.mood(2, day: 1), id: RecordID("m2"), kind: .wellness,
            day: Self.mood(2, day: 1).day, for: try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
        #expect(try Self.snapshotEpoch(f, a, section: "wellness") == 2)
        #expect(
            try f.ws.exportDataset(athleteId: AthleteID(a), as: f.owner).wellness.map(\.id) == [
                "m1", "m2",
            ])
    }

    @Test("Rekey re-seals the snapshot under the newest epoch")
    func rekey() throws {
        let f = try Fixture()
        let a = try f.athlete("anna")
        _ = try f.user("carl", role: .coach)
        try f.ws.grantAccess(try f.ws.openAthlete(id: AthleteID(a), as: f.owner), to: "carl")
        try f.ws.putLog(
            Self.mood(1, day: 0), id: RecordID("m1"), kind: .wellness,
            day: Self.mood(1, day: 0).day, for: try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
        try f.ws.revokeAccess(try f.ws.openAthlete(id: AthleteID(a), as: f.owner), from: "carl")
        // The rotation signs the athlete's record head at epoch 2 and reseals the snapshot with
        // it (issue 26: a snapshot part of a retired epoch is then a revoked key holder's).
        #expect(try Self.snapshotEpoch(f, a) == 2)
        try f.ws.rekey(try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
        #expect(try Self.snapshotEpoch(f, a) == 2)
        #expect(
            try f.ws.exportDataset(athleteId: AthleteID(a), as: f.owner)
                == (try Self.fromRecords(f, a)))
    }

    @Test("Removing an athlete removes its snapshot")
    func removal() throws {
        let f = try Fixture()
        let a = try f.athlete("anna")
        #expect(try Self.snapshotEpoch(f, a) == 1)
        try f.ws.removeAthlete(try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
        #expect(
            try f.ws.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM snapshots") } == 0
        )
    }

    static func flipped(_ data: Data) -> [UInt8] {
        var bytes = [UInt8](data)
        bytes[bytes.count / 2] ^= 1
        return bytes
    }
}
