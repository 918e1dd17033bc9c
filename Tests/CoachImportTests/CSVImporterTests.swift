import CoachKit
import Foundation
import Testing

@testable import CoachImport

@Suite struct CSVImporterTests {
    static func dataset() -> AthleteDataset {
        var d = AthleteDataset(
            athlete: AthleteProfile(handle: "jane", name: "Jane", timeZone: "Europe/Berlin"))
        let t = Instant("2026-03-02T07:15:00+01:00")!
        var w = Workout(id: "w1", start: t, sport: .cycling)
        w.elapsedS = 3600; w.distanceM = 30_000; w.avgPowerW = 180; w.title = "Tempo, with a comma"
        d.workouts = [w]
        d.biometrics = [BiometricSample(id: "b1", time: t, type: .hrv_rmssd, value: 61)]
        d.sleep = [
            SleepRecord(
                id: "s1", start: Instant("2026-03-01T23:00:00+01:00")!, end: t, stage: .deep)
        ]
        var f = FoodEntry(id: "f1", time: t, kcal: 500)
        f.proteinG = 30; f.meal = "breakfast"
        d.food = [f]
        d.steps = [StepsDay(day: LocalDay("2026-03-02")!, steps: 9000, distanceM: 6500)]
        d.weight = [WeightEntry(id: "k1", time: t, kg: 61.5, bodyFatPct: 21)]
        d.wellness = [
            WellnessEntry(id: "m1", day: LocalDay("2026-03-02")!, mood: 4, doms: [.quads: 3])
        ]
        return d
    }

    @Test("coach's own CSV export reads back into the same entries, ids kept")
    func roundTrip() throws {
        let d = Self.dataset()
        let sink = CollectingSink()
        try CSVImporter(file: "logs.csv").run(text: DatasetCSV.render(d), into: sink)
        #expect(sink.records.count == 7)
        #expect(
            Set(sink.records.compactMap(\.givenId))
                == ["w1", "b1", "s1", "f1", "steps-2026-03-02", "k1", "m1"])
        for r in sink.records {
            switch r.payload {
            case .workout(let w): #expect(w == d.workouts[0])
            case .biometric(let b): #expect(b == d.biometrics[0])
            case .sleep(let s): #expect(s == d.sleep[0])
            case .food(let f): #expect(f == d.food[0])
            case .steps(let s): #expect(s == d.steps[0])
            case .weight(let w): #expect(w == d.weight[0])
            case .wellness(let w): #expect(w == d.wellness[0])
            }
        }
    }

    @Test("a per-kind file without a kind column is recognised from its columns")
    func perKindFile() throws {
        let sink = CollectingSink()
        try CSVImporter(file: "weight.csv").run(
            text: "time,kg,body_fat_pct\n2026-03-02T07:00:00+01:00,61.2,20.5\n", into: sink)
        guard case .weight(let w) = try #require(sink.records.first).payload else {
            Issue.record("not a weight"); return
        }
        #expect(w.kg == 61.2 && w.bodyFatPct == 20.5)
        #expect(ImportFormat.detect(head: Array("time,kg\n".utf8)) == .csv)
    }

    @Test("an unknown column is an error naming the line, unless unknown columns are ignored")
    func unknownColumn() throws {
        let text = "day,steps,mood_colour\n2026-03-02,9000,blue\n"
        #expect(throws: ImportError.self) {
            try CSVImporter(file: "s.csv").run(text: text, into: CollectingSink())
        }
        do {
            try CSVImporter(file: "s.csv").run(text: text, into: CollectingSink())
        } catch let e as ImportError {
            #expect(
                e.description
                    == "s.csv, line 1: unknown column 'mood_colour' (columns are the JSON field names)"
            )
        }
        let sink = CollectingSink()
        try CSVImporter(file: "s.csv", ignoreUnknown: true).run(text: text, into: sink)
        #expect(sink.records.count == 1)
    }

    @Test("a bad value names its line, and no row of the file is handed over")
    func badValue() throws {
        let sink = CollectingSink()
        let text = "day,steps\n2026-03-01,8000\n2026-03-02,lots\n"
        #expect(throws: ImportError.self) {
            try CSVImporter(file: "s.csv").run(text: text, into: sink)
        }
        #expect(sink.records.isEmpty)
    }
}
