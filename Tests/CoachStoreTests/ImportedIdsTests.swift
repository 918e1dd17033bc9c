import CoachKit
import CoachTestSupport
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// `coach import json` stores ids that reveal nothing: a written id of coach's own shapes stays,
/// any other becomes a keyed hash under the athlete's current key, links follow, and dedupe
/// holds (twice is once, an export re-imported is unchanged, plaintext ids of earlier versions
/// move).
@Suite struct ImportedIdsTests {
    static let secret = "ACL-tear-rehab"

    /// jane's file: a workout, a mood and a week whose session links the workout, all with ids
    /// that say what happened to her.
    static var dataset: AthleteDataset {
        var d = EveryFieldDataset.dataset
        d.athlete.handle = "jane"
        d.workouts = [d.workouts[0]]
        d.workouts[0].id = "\(secret)-ride-1"
        d.wellness = [d.wellness[0]]
        d.wellness[0].id = "\(secret)-mood-1"
        d.weeks = [d.weeks[0]]
        d.weeks[0].id = "\(secret)-week-1"
        d.weeks[0].sessions = [d.weeks[0].sessions[0]]
        d.weeks[0].sessions[0].linkedWorkout = "\(secret)-ride-1"
        (d.biometrics, d.sleep, d.food, d.steps, d.weight) = ([], [], [], [], [])
        return d
    }

    /// Ids of jane's rows as the file holds them (text, or hex of a blob).
    static func storedIds(_ f: Fixture) throws -> [String] {
        try f.ws.read { db in
            try String.fetchAll(
                db, sql: "SELECT CASE typeof(id) WHEN 'text' THEN id ELSE hex(id) END FROM records")
        }
    }

    @Test(
        "Which written ids are kept",
        arguments: [
            ("8f0c2a52-0f44-4c44-9a65-7e0b6b1c0007", true), ("i0123456789abcdef01234567", true),
            ("steps-2026-11-24", true), ("ACL-tear-rehab", false),
            ("8F0C2A52-0F44-4C44-9A65-7E0B6B1C0007", false), ("i0123456789ABCDEF01234567", false),
            ("steps-sunday", false), ("w-1", false), ("w2k7cx9mq", true), ("wknee-acl", false),
            ("0123456789abcdef", true), ("0123456789abcdeg", false),
        ])
    func keeps(id: String, kept: Bool) {
        #expect(ImportedIds.keeps(id) == kept)
    }

    @Test("Ids and links are stored as keyed hashes; the same file twice is one copy")
    func derived() throws {
        let f = try Fixture()
        let first = try f.ws.importDataset(Self.dataset, handle: nil, create: true, as: f.owner)
        #expect(first.added == 3 && first.createdAthlete)
        #expect(try Self.storedIds(f).allSatisfy { !$0.contains("ACL") })
        let id = try f.ws.targetAthlete(Handle("jane"), as: f.owner)
        let export = try f.ws.exportDataset(athleteId: id, as: f.owner)
        let ride = try #require(export.workouts.first?.id)
        #expect(RecordIdColumn.importHash(ride) != nil, "\(ride)")
        #expect(export.weeks.first?.sessions.first?.linkedWorkout == ride)
        let again = try f.ws.importDataset(
            Self.dataset, handle: Handle("jane"), create: false, as: f.owner)
        #expect(again.added == 0 && again.updated == 0 && again.unchanged == 4, "\(again)")
        let reimport = try f.ws.importDataset(
            export, handle: Handle("jane"), create: false, as: f.owner)
        #expect(reimport.added == 0 && reimport.updated == 0, "\(reimport)")
        #expect(try f.ws.exportDataset(athleteId: id, as: f.owner).workouts.count == 1)
    }

    @Test("Ids an earlier version stored as written move to their keyed ids, once")
    func plaintextOfEarlierVersions() throws {
        let f = try Fixture()
        var empty = Self.dataset
        (empty.workouts, empty.wellness, empty.weeks) = ([], [], [])
        _ = try f.ws.importDataset(empty, handle: nil, create: true, as: f.owner)
        let jane = try f.ws.openAthlete(Handle("jane"), as: f.owner)
        // What versions before this one did: the written ids, as they are.
        let old = try DatasetRecords.records(of: Self.dataset)
        _ = try f.ws.write { db in
            try f.ws.importRecords(
                db, keyring: try f.ws.writingKeyring(db, jane), profile: nil, plain: old,
                actor: f.owner)
        }
        #expect(try Self.storedIds(f).filter { $0.contains("ACL") }.count == 3)
        let preview = try f.ws.previewImport(
            Self.dataset, handle: Handle("jane"), create: false, as: f.owner)
        let moved = try f.ws.importDataset(
            Self.dataset, handle: Handle("jane"), create: false, as: f.owner)
        #expect(moved.added == 0 && moved.updated >= 3, "\(moved)")
        #expect(preview.added == moved.added && preview.updated == moved.updated)
        #expect(try Self.storedIds(f).allSatisfy { !$0.contains("ACL") })
        let export = try f.ws.exportDataset(athleteId: AthleteID(jane.id.rawValue), as: f.owner)
        #expect(export.workouts.count == 1 && export.wellness.count == 1 && export.weeks.count == 1)
        let again = try f.ws.importDataset(
            Self.dataset, handle: Handle("jane"), create: false, as: f.owner)
        #expect(again.added == 0 && again.updated == 0, "\(again)")
    }
}
