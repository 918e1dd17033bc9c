import CoachKit
import Foundation
import Testing

@testable import CoachImport

/// The real sample exports (and a generated one): counts must equal those of an independent
/// Python reading of the same file (Tests/ImportCounts/apple_health_counts.py, stdlib only).
@Suite struct AppleHealthSampleTests {
    struct Expected: Decodable {
        var records_by_type: [String: Int]
        var samples: [String: Int]
        var sleep: Int
        var workouts: Int
        var correlations: Int
        var steps_days: [String: Int]
        var food_entries: Int
        var weights: Int
    }

    static let samples = [
        "apple-health/healthkit-to-sqlite/export.xml",
        "apple-health/apple-health-parser/export.xml",
        "apple-health/apple-health-parser/export.zip",
        "apple-health/generated/export-20k-seed7.zip",
    ]

    static let mapped: Set<String> = Set(AppleHealthType.allCases.map(\.label))

    static func importFile(_ path: String) throws -> CollectingSink {
        let sink = CollectingSink()
        let importer = AppleHealthImporter(file: path)
        if path.hasSuffix(".zip") {
            try importer.importZip(at: path, into: sink)
        } else {
            try importer.run(stream: try FileStream(path: path), into: sink)
        }
        return sink
    }

    @Test("counts per type equal the independent Python counts", arguments: samples)
    func countsMatchPython(sample: String) throws {
        guard let python = ImportFixtures.python else {
            #expect(!ImportFixtures.required, "COACH_REQUIRE_CROSSCHECK=1 but python3 is missing")
            return
        }
        let path = ImportFixtures.fixture(sample)
        let expected = try JSONDecoder().decode(
            Expected.self,
            from: try ImportFixtures.run(python, ["-B", ImportFixtures.countsScript, path]))
        let sink = try Self.importFile(path)
        let distinct = ImportFixtures.distinct(sink)
        for (type, n) in expected.samples { #expect(distinct[type] == n, "\(type)") }
        #expect((distinct["SleepAnalysis"] ?? 0) == expected.sleep)
        #expect((distinct["Workout"] ?? 0) == expected.workouts)
        #expect((distinct["BodyMass"] ?? 0) == expected.weights)
        #expect((distinct["DietaryEnergyConsumed (entries)"] ?? 0) == expected.food_entries)
        #expect(sink.skippedByLabel["Correlation", default: 0] == expected.correlations)
        for (type, n) in expected.records_by_type where !Self.mapped.contains(type) {
            #expect(sink.skipped[type]?["a type coach does not use"] == n, "\(type)")
        }
        let steps: [String: Int] = Dictionary(
            uniqueKeysWithValues: sink.records.compactMap {
                if case .steps(let s) = $0.payload { return (s.day.description, s.steps) }
                return nil
            })
        #expect(steps == expected.steps_days)
    }

    @Test("the zip and the xml of the same export give the same records")
    func zipEqualsXML() throws {
        let xml = try Self.importFile(
            ImportFixtures.fixture("apple-health/apple-health-parser/export.xml"))
        let zip = try Self.importFile(
            ImportFixtures.fixture("apple-health/apple-health-parser/export.zip"))
        #expect(xml.records == zip.records)
        #expect(xml.records.count == 4)
    }

    @Test("workouts come from both forms: attribute totals and WorkoutStatistics children")
    func workoutForms() throws {
        let old = try Self.importFile(
            ImportFixtures.fixture("apple-health/healthkit-to-sqlite/export.xml"))
        guard
            case .workout(let w) = try #require(old.records.first { $0.label == "Workout" }).payload
        else { Issue.record("no workout"); return }
        #expect(w.sport == .running)
        #expect(abs(w.distanceM! - 800.12) < 0.01)  // 0.497 mi
        #expect(w.kcal == 48.74499999999999)
        let new = try Self.importFile(
            ImportFixtures.fixture("apple-health/generated/export-20k-seed7.zip"))
        let withStats = new.records.compactMap { r -> Workout? in
            if case .workout(let w) = r.payload, w.avgHrBpm != nil { return w } else { return nil }
        }
        #expect(!withStats.isEmpty)
        #expect(withStats.allSatisfy { $0.kcal != nil && $0.distanceM != nil })
    }
}
