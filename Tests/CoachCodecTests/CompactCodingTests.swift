import CoachKit
import CoachTestSupport
import Foundation
import Testing

@testable import CoachCodec

/// The snapshot's compact form must carry every field of every record type, bit for bit.
@Suite struct CompactCodingTests {
    // The every-field dataset is shared with CoachStoreTests (CoachTestSupport).
    static var at: Instant { EveryFieldDataset.at }
    static var session: PlannedSession { EveryFieldDataset.session }
    static var workout: Workout { EveryFieldDataset.workout }
    static var food: FoodEntry { EveryFieldDataset.food }
    static var dataset: AthleteDataset { EveryFieldDataset.dataset }

    @Test("A dataset with every field set survives the compact form unchanged")
    func roundTrip() throws {
        let d = Self.dataset
        #expect(try SnapshotCoding.decode(try SnapshotCoding.encode(d)) == d)
    }

    static func fixture(_ name: String) -> Any {
        switch name {
        case "PlannedSession": session
        case "ProgramWeek": dataset.weeks[0]
        case "WellnessEntry": dataset.wellness[0]
        case "Workout": workout
        case "Samples": workout.samples!
        case "BiometricSample": dataset.biometrics[0]
        case "SleepRecord": dataset.sleep[0]
        case "FoodEntry": food
        case "StepsDay": dataset.steps[0]
        default: dataset.weight[0]
        }
    }

    @Test(
        "Each fixture sets every stored property, so a new model field must be added to the compact form",
        arguments: [
            "PlannedSession", "ProgramWeek", "WellnessEntry", "Workout", "Samples",
            "BiometricSample",
            "SleepRecord", "FoodEntry", "StepsDay", "WeightEntry",
        ])
    func fixturesAreComplete(name: String) {
        for child in Mirror(reflecting: Self.fixture(name)).children {
            let value = Mirror(reflecting: child.value)
            let empty =
                (value.displayStyle == .optional && value.children.isEmpty)
                || (value.displayStyle == .collection && value.children.isEmpty)
                || (value.displayStyle == .dictionary && value.children.isEmpty)
            #expect(
                !empty,
                "\(name).\(child.label ?? "?") is empty in the fixture: set it, and write/read it in CompactCodable"
            )
        }
    }

    @Test("Special doubles and empty values round-trip exactly")
    func edgeValues() throws {
        var d = AthleteDataset(athlete: AthleteProfile(handle: "x", name: "X"))
        var w = Workout(
            id: "", start: Instant(epochSeconds: -0.0, offsetSeconds: -36_000), sport: .other)
        w.tss = .greatestFiniteMagnitude; w.npW = -.leastNonzeroMagnitude;
        w.samples = Workout.Samples()
        d.workouts = [w]
        // The earliest day a snapshot holds (issue 31 fuzzing: days outside years 1–9999 are
        // refused as damage, FuzzRegressionTests; this was Int.min / 2).
        d.steps = [StepsDay(day: LocalDay(ordinal: LocalDay.textRange.lowerBound), steps: Int.max)]
        let back = try #require(try SnapshotCoding.decode(try SnapshotCoding.encode(d)))
        #expect(back == d)
        #expect(back.workouts[0].start.epochSeconds.sign == .minus)
    }

    @Test("Truncated or trailing bytes are refused, never trusted", arguments: [1, 7, 100])
    func damaged(cut: Int) throws {
        let bytes = try SnapshotCoding.encode(.workout, of: Self.dataset)
        var d = Self.dataset
        #expect(throws: (any Error).self) {
            try SnapshotCoding.decode(.workout, from: Array(bytes.dropLast(cut)), into: &d)
        }
        #expect(throws: (any Error).self) {
            try SnapshotCoding.decode(
                .workout, from: bytes + [UInt8](repeating: 0, count: cut), into: &d)
        }
    }

    @Test("Bytes of another layout are treated as no snapshot")
    func otherLayout() throws {
        var w = CompactWriter()
        w.raw(Array("coach-snapshot/0".utf8))
        var d = Self.dataset
        #expect(try SnapshotCoding.decode(.wellness, from: w.bytes, into: &d) == false)
        var parts = try SnapshotCoding.encode(Self.dataset)
        parts[.sleep] = nil
        #expect(try SnapshotCoding.decode(parts) == nil)
    }
}
