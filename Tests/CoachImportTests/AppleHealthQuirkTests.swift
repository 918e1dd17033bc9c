import CoachKit
import Foundation
import Testing

@testable import CoachImport

/// Real-world oddities of Apple Health exports.
@Suite struct AppleHealthQuirkTests {
    typealias F = ImportFixtures

    static func food(_ sink: CollectingSink) -> [FoodEntry] {
        sink.records.compactMap {
            if case .food(let f) = $0.payload { return f } else { return nil }
        }
    }

    static func steps(_ sink: CollectingSink) -> [StepsDay] {
        sink.records.compactMap {
            if case .steps(let s) = $0.payload { return s } else { return nil }
        }
    }

    @Test("metadata keys that differ only in case (meal and Meal) give one meal, no crash")
    func mealKeys() throws {
        let meta = """
            <MetadataEntry key="meal" value="Breakfast"/><MetadataEntry key="Meal" value="Breakfast"/>
            """
        let t = "2023-11-06 07:30:00 -0800"
        let sink = try F.appleHealth(
            F.document(
                F.record(
                    "DietaryEnergyConsumed", t, value: "420", unit: "kcal", source: "MyFitnessPal",
                    children: meta)
                    + F.record(
                        "DietaryProtein", t, value: "21", unit: "g", source: "MyFitnessPal",
                        children: meta)))
        let entries = Self.food(sink)
        #expect(entries.count == 1)
        #expect(entries.first?.meal == "breakfast")
        #expect(entries.first?.kcal == 420 && entries.first?.proteinG == 21)
    }

    @Test("the repeated 01:00 hour of the autumn DST change stays two hours")
    func ambiguousHour() throws {
        let sink = try F.appleHealth(
            F.document(
                F.record("StepCount", "2023-11-05 01:30:00 -0700", value: "300")
                    + F.record("StepCount", "2023-11-05 01:30:00 -0800", value: "200")
                    + F.record(
                        "HeartRate", "2023-11-05 01:30:00 -0700", value: "60", unit: "count/min")
                    + F.record(
                        "HeartRate", "2023-11-05 01:30:00 -0800", value: "60", unit: "count/min")))
        #expect(Self.steps(sink).map(\.steps) == [500])
        let hr = sink.records.compactMap { r -> BiometricSample? in
            if case .biometric(let b) = r.payload { return b } else { return nil }
        }
        #expect(Set(hr.map(\.time.epochSeconds)).count == 2)
        #expect(hr.map(\.time.epochSeconds).sorted() == [1_699_173_000, 1_699_176_600])
        #expect(Set(sink.records.map(\.dedupeKey)).count == sink.records.count)
    }

    @Test("steps from several sources in the same hour count once (the larger source wins)")
    func severalSources() throws {
        let sink = try F.appleHealth(
            F.document(
                F.record(
                    "StepCount", "2023-11-06 09:00:00 -0800", "2023-11-06 09:10:00 -0800",
                    value: "1000", source: "Jane's iPhone")
                    + F.record(
                        "StepCount", "2023-11-06 09:00:00 -0800", "2023-11-06 09:10:00 -0800",
                        value: "1100")
                    + F.record(
                        "StepCount", "2023-11-06 10:00:00 -0800", value: "50",
                        source: "Jane's iPhone")
                    + F.record(
                        "HKCategoryTypeIdentifierSleepAnalysis", "2023-11-06 01:00:00 -0800",
                        "2023-11-06 02:00:00 -0800",
                        value: "HKCategoryValueSleepAnalysisAsleepCore")
                    + F.record(
                        "HKCategoryTypeIdentifierSleepAnalysis", "2023-11-06 01:00:00 -0800",
                        "2023-11-06 02:00:00 -0800",
                        value: "HKCategoryValueSleepAnalysisAsleepCore", source: "AutoSleep")))
        #expect(Self.steps(sink).map(\.steps) == [1150])
        #expect(sink.skipped["StepCount/Distance/Energy"]?.values.reduce(0, +) == 1)
        let sleepKeys = Set(sink.records.filter { $0.label == "SleepAnalysis" }.map(\.dedupeKey))
        #expect(sleepKeys.count == 1)
    }

    @Test("a Workout without totals takes them from its WorkoutStatistics children")
    func statisticsChildren() throws {
        let q = "HKQuantityTypeIdentifier"
        let body = """
             <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="60" durationUnit="min" \
            sourceName="Jane's Apple Watch" startDate="2023-11-06 17:00:00 -0800" endDate="2023-11-06 18:00:00 -0800">
              <MetadataEntry key="HKIndoorWorkout" value="0"/>
              <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2023-11-06 17:00:00 -0800"/>
              <WorkoutStatistics type="\(q)ActiveEnergyBurned" startDate="2023-11-06 17:00:00 -0800" endDate="2023-11-06 18:00:00 -0800" sum="612" unit="kcal"/>
              <WorkoutStatistics type="\(q)DistanceCycling" startDate="2023-11-06 17:00:00 -0800" endDate="2023-11-06 18:00:00 -0800" sum="30.5" unit="km"/>
              <WorkoutStatistics type="\(q)HeartRate" startDate="2023-11-06 17:00:00 -0800" endDate="2023-11-06 18:00:00 -0800" average="142" minimum="95" maximum="171" unit="count/min"/>
             </Workout>
            """
        let sink = try F.appleHealth(F.document(body))
        guard case .workout(let w) = try #require(sink.records.first).payload else {
            Issue.record("no workout"); return
        }
        #expect(w.sport == .cycling && w.kcal == 612 && w.distanceM == 30_500)
        #expect(w.avgHrBpm == 142 && w.maxHrBpm == 171 && w.movingS == 3600 && w.elapsedS == 3600)
    }

    @Test("HRV stays SDNN; its beat list (time of day only) gives an RMSSD dated by the record")
    func hrvBeats() throws {
        let beats = [
            (70.0, "7:25:41.23 PM"), (72.0, "7:25:42.07 PM"), (69.0, "7:25:42.93 PM"),
            (71.0, "7:25:43.80 PM"),
        ]
        let list =
            "<HeartRateVariabilityMetadataList>"
            + beats.map { "<InstantaneousBeatsPerMinute bpm=\"\(Int($0.0))\" time=\"\($0.1)\"/>" }
            .joined()
            + "</HeartRateVariabilityMetadataList>"
        let sink = try F.appleHealth(
            F.document(
                F.record(
                    "HeartRateVariabilitySDNN", "2023-11-06 19:25:40 -0800",
                    "2023-11-06 19:26:40 -0800", value: "48.5",
                    unit: "ms", children: list)))
        let bio = sink.records.compactMap { r -> BiometricSample? in
            if case .biometric(let b) = r.payload { return b } else { return nil }
        }
        #expect(bio.first { $0.type == .hrv_sdnn }?.value == 48.5)
        // From the timestamps (BeatList): RR 840, 860, 870 ms, differences 20 and 10.
        let rmssd = try #require(bio.first { $0.type == .hrv_rmssd })
        #expect(rmssd.value == 15.81)
        #expect(
            rmssd.time.day(in: TimeZone(secondsFromGMT: -8 * 3600)!).description == "2023-11-06")
        let evening: Double = 69_941.23  // 19:25:41.23
        #expect(abs(DateBytes.timeOfDay("7:25:41.23 PM")! - evening) < 1e-6)
        #expect(abs(DateBytes.timeOfDay("19:25:41,23")! - evening) < 1e-6)
    }

    @Test("the broken iOS 16 DTD and raw U+000B characters do not change what is read")
    func brokenDTDAndControlCharacters() throws {
        let zip = try ZipArchive(
            path: ImportFixtures.fixture("apple-health/generated/export-20k-seed7.zip"))
        let entry = try #require(AppleHealthImporter.exportEntry(in: zip))
        let clean = String(decoding: try zip.open(entry).readAll(), as: UTF8.self)
        let attlist = try #require(clean.range(of: "<!ATTLIST VisionPrescription"))
        let close = try #require(
            clean.range(of: "\n>\n", range: attlist.upperBound..<clean.endIndex))
        var broken = clean.replacingCharacters(in: close, with: "\n")
        broken = broken.replacingOccurrences(
            of: "sourceName=\"MyFitnessPal\"", with: "sourceName=\"MyFitness\u{0B}Pal\"")
        #expect(broken.contains("\u{0B}"))
        let a = try F.appleHealth(clean)
        let b = try F.appleHealth(broken)
        #expect(a.records.count == b.records.count)
        #expect(a.countsByLabel == b.countsByLabel)
        #expect(Self.food(a).map(\.kcal) == Self.food(b).map(\.kcal))
    }
}
