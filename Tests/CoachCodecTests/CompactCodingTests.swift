import CoachKit
import Foundation
import Testing

@testable import CoachCodec

/// The snapshot's compact form must carry every field of every record type, bit for bit.
@Suite struct CompactCodingTests {
    static let at = Instant(epochSeconds: 1_795_000_000.125, offsetSeconds: 3600)

    static var session: PlannedSession {
        var s = PlannedSession(
            id: "s1", date: LocalDay("2026-11-24")!, order: 2, title: "Threshold 3x12", origin: .ai)
        s.detail = "3 x 12 min at 95–100 % FTP"; s.notes = "indoors, fan on"; s.sport = .cycling
        s.plannedDurationS = 4500; s.plannedTss = 85.5; s.targets = [.quads, .glutes]
        s.linkedWorkout = "w1"; s.adherencePct = 92.5; s.time = "06:30"
        return s
    }

    static var workout: Workout {
        var w = Workout(id: "w1", start: at, sport: .running)
        w.elapsedS = 3600; w.movingS = 3540; w.distanceM = 12_000.5; w.rpe = 7; w.tss = 77.7;
        w.avgPowerW = 250
        w.npW = 262.25; w.avgHrBpm = 151; w.maxHrBpm = 181; w.kcal = 800;
        w.title = "Tempo, \"hilly\""
        w.source = "garmin"
        w.samples = Workout.Samples(
            intervalS: 2, powerW: [200, nil, 210.5], hrBpm: [140, 141, nil],
            speedMS: [nil, 3.2, 3.3])
        return w
    }

    static var food: FoodEntry {
        var f = FoodEntry(id: "f1", time: at, kcal: 650.5)
        f.proteinG = 35; f.carbsG = 80.25; f.fatG = 20; f.meal = "lunch"; f.note = "pasta 🍝"
        return f
    }

    static var dataset: AthleteDataset {
        var d = AthleteDataset(
            athlete: AthleteProfile(handle: "jane", name: "Jane Example", timeZone: "Europe/Berlin")
        )
        d.weeks = [
            ProgramWeek(
                id: "wk1", start: LocalDay("2026-11-23")!, title: "Build 1", notes: "easy Friday",
                sessions: [session])
        ]
        d.wellness = [
            WellnessEntry(
                id: "m1", day: LocalDay("2026-11-24")!, mood: 4, doms: [.quads: 6, .calves: 2],
                notes: "slept badly")
        ]
        d.workouts = [workout]
        d.biometrics = [
            BiometricSample(id: "b1", time: at, type: .hrv_rmssd, value: 62.4, source: "oura")
        ]
        d.sleep = [
            SleepRecord(
                id: "z1", start: at, end: Instant(epochSeconds: 1_795_028_800, offsetSeconds: 3600),
                stage: .deep)
        ]
        d.food = [food]
        d.steps = [
            StepsDay(
                day: LocalDay("2026-11-24")!, steps: 12_034, distanceM: 8_800.5, activeKcal: 420)
        ]
        d.weight = [WeightEntry(id: "kg1", time: at, kg: 61.4, bodyFatPct: 18.5)]
        return d
    }

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
        d.steps = [StepsDay(day: LocalDay(ordinal: Int.min / 2), steps: Int.max)]
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
