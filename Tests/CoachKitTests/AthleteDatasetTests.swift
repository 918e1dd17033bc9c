import CoachKit
import Foundation
import Testing

@Suite struct AthleteDatasetTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let goldenName = "golden/AthleteDatasetTests.encodedSortedKeys.json"

    static func fixture(_ name: String) throws -> Data {
        let url = fixtures.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "missing fixture \(url.path); regenerate with COACH_REGENERATE_FIXTURES=1 swift test --filter AthleteDatasetTests"
            )
            throw CocoaError(.fileNoSuchFile)
        }
        return data
    }

    static func encode(_ d: AthleteDataset) throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try e.encode(d)
    }

    @Test("The FORMAT.md-style fixture decodes field by field")
    func decodesFixture() throws {
        let d = try JSONDecoder().decode(
            AthleteDataset.self, from: try Self.fixture("athlete-dataset.json"))
        #expect(d.format == AthleteDataset.formatTag)
        #expect(d.athlete.handle == "jane" && d.athlete.name == "Jane Doe")
        #expect(d.athlete.birthDate?.description == "1994-05-02")
        #expect(d.athlete.sex == .female && d.athlete.zone.identifier == "Europe/Berlin")
        #expect(d.athlete.thresholds.ftpW == 250 && d.athlete.thresholds.maxHrBpm == 190)
        #expect(d.athlete.measurementsCm == BodyMeasurements(waist: 70, hip: 94, chest: 88))
        #expect(d.athlete.sports == [.cycling, .running])
        #expect(
            d.athlete.activity.stepGoals.map(\.steps) == [10000, 12000],
            "step goals are sorted by start day")
        #expect(d.athlete.activity.goal(for: LocalDay("2026-07-01")!) == 12000)
        #expect(d.athlete.notes.goals == "Sub-3 marathon")
        #expect(d.weeks.first?.start.isoWeekday == 1)
        #expect(d.weeks.first?.sessions.first?.targets == [.quads])
        #expect(
            d.wellness.first?.doms == [.quads: 6, .hamstrings: 3],
            "the alias 'hams' decodes to hamstrings")
        #expect(d.workouts.first?.start.description == "2026-11-24T07:00:00+01:00")
        #expect(d.workouts.first?.samples?.powerW == [200, nil, 210])
        #expect(d.biometrics.first?.type == .hrv_rmssd && d.sleep.first?.stage == .asleep)
        #expect(
            d.food.first?.proteinG == 35 && d.steps.first?.id == "steps-2026-11-24"
                && d.weight.first?.kg == 61.4)
    }

    @Test("Encoding and decoding again gives an equal dataset, and re-encoding is byte-identical")
    func roundTrip() throws {
        let d = try JSONDecoder().decode(
            AthleteDataset.self, from: try Self.fixture("athlete-dataset.json"))
        let once = try Self.encode(d)
        let back = try JSONDecoder().decode(AthleteDataset.self, from: once)
        #expect(back == d)
        #expect(try Self.encode(back) == once)
    }

    @Test("The encoded fixture matches its golden file")
    func golden() throws {
        let d = try JSONDecoder().decode(
            AthleteDataset.self, from: try Self.fixture("athlete-dataset.json"))
        let encoded = String(decoding: try Self.encode(d), as: UTF8.self) + "\n"
        let golden = String(decoding: try Self.fixture(Self.goldenName), as: UTF8.self)
        #expect(encoded == golden)
    }

    @Test("Only format and the athlete handle are required; everything else defaults")
    func minimal() throws {
        let d = try JSONDecoder().decode(
            AthleteDataset.self, from: try Self.fixture("athlete-dataset-minimal.json"))
        #expect(
            d
                == AthleteDataset(
                    athlete: AthleteProfile(handle: "min", name: "min", timeZone: "UTC")))
    }

    @Test(
        "Bad days, instants and muscle groups make the whole dataset fail to decode",
        arguments: [
            "\"birth_date\": \"1994-05-02\"|\"birth_date\": \"1994-02-30\"",
            "\"start\": \"2026-11-24T07:00:00+01:00\"|\"start\": \"2026-11-24 7am\"",
            "\"quads\": 6|\"neck\": 6",
            "\"type\": \"hrv_rmssd\"|\"type\": \"hrv\"",
        ])
    func rejectsBadFields(edit: String) throws {
        let parts = edit.components(separatedBy: "|")
        let text = String(decoding: try Self.fixture("athlete-dataset.json"), as: UTF8.self)
        #expect(text.contains(parts[0]))
        let broken = text.replacingOccurrences(of: parts[0], with: parts[1])
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(AthleteDataset.self, from: Data(broken.utf8))
        }
    }

    @Test(
        "Regenerate the golden file (only with COACH_REGENERATE_FIXTURES=1)",
        .enabled(if: ProcessInfo.processInfo.environment["COACH_REGENERATE_FIXTURES"] == "1"))
    func regenerateGolden() throws {
        let d = try JSONDecoder().decode(
            AthleteDataset.self, from: try Self.fixture("athlete-dataset.json"))
        var data = try Self.encode(d)
        data.append(10)
        try data.write(to: Self.fixtures.appendingPathComponent(Self.goldenName))
    }
}
