import CoachKit
import Foundation
import Testing

/// `LogPatch`: only the given fields change, options must fit the entry's kind, values are parsed
/// in the athlete's units and zone and validated, and moves keep the wall-clock time.
@Suite struct LogPatchTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let ctx = LogPatchContext(units: .metric, zone: zone, today: LocalDay("2026-11-25")!)

    @Test("Editing a food entry changes only the given fields and keeps the id and time")
    func foodOnlyGivenFields() throws {
        var e = FoodEntry(id: "f1", time: Instant("2026-11-24T12:30:00+01:00")!, kcal: 650)
        e.proteinG = 35; e.note = "pasta"
        var p = LogPatch()
        p.kcal = 700; p.meal = "Lunch"
        let day = try p.apply(to: &e, Self.ctx)
        #expect(
            e.id == "f1" && e.kcal == 700 && e.meal == "lunch" && e.proteinG == 35
                && e.note == "pasta")
        #expect(
            e.time.description == "2026-11-24T12:30:00+01:00" && day.description == "2026-11-24")
    }

    @Test("--date moves a timed entry to the same wall-clock time on the new day")
    func dateKeepsWallTime() throws {
        var w = Workout(id: "k1", start: Instant("2026-11-24T07:00:00+01:00")!, sport: .cycling)
        var p = LogPatch()
        p.date = "2026-06-01"
        let day = try p.apply(to: &w, Self.ctx)
        #expect(w.start.description == "2026-06-01T07:00:00+02:00", "summer time in Berlin")
        #expect(day.description == "2026-06-01")
    }

    @Test("--time with a day, and quantities in the athlete's units")
    func timeAndUnits() throws {
        var e = WeightEntry(id: "m1", time: Instant("2026-11-24T07:05:00+01:00")!, kg: 61.4)
        var p = LogPatch()
        p.weight = "135lb"; p.time = "yesterday 06:45"
        try p.apply(
            to: &e, LogPatchContext(units: .imperial, zone: Self.zone, today: Self.ctx.today))
        #expect(abs(e.kg - 61.235) < 0.01)
        #expect(e.time.description == "2026-11-24T06:45:00+01:00")
    }

    @Test("Soreness merges into the existing groups; aliases are accepted")
    func domsMerge() throws {
        var e = WellnessEntry(id: "w1", day: LocalDay("2026-11-24")!, mood: 4, doms: [.quads: 6])
        var p = LogPatch()
        p.doms = ["hams=3,quads=2"]
        try p.apply(to: &e, Self.ctx)
        #expect(e.doms == [.quads: 2, .hamstrings: 3] && e.mood == 4)
    }

    @Test("A sleep block keeps its end when its duration changes")
    func sleepKeepsEnd() throws {
        var r = SleepRecord(
            id: "s1", start: Instant("2026-11-23T22:40:00+01:00")!,
            end: Instant("2026-11-24T06:20:00+01:00")!, stage: .asleep)
        var p = LogPatch()
        p.sleep = "8h"
        try p.apply(to: &r, Self.ctx)
        #expect(
            r.start.description == "2026-11-23T22:20:00+01:00"
                && r.end.description == "2026-11-24T06:20:00+01:00")
    }

    @Test("A biometric sample takes --value or its own type's option, not another type's")
    func biometricOptions() throws {
        var s = BiometricSample(
            id: "b1", time: Instant("2026-11-24T06:30:00+01:00")!, type: .resting_hr, value: 48)
        var own = LogPatch()
        own.restHr = 50
        try own.apply(to: &s, Self.ctx)
        #expect(s.value == 50)
        var other = LogPatch()
        other.hrv = 60
        // The command line's spelling (--hrv, --rest-hr…) is asserted in CoachCLITests/ErrorTextTests.
        #expect(
            throws: CoachKitError.optionNotApplicable(
                option: .hrv, entry: "this resting_hr sample",
                valid: [.restHr, .value, .time, .date])
        ) {
            try other.apply(to: &s, Self.ctx)
        }
    }

    @Test(
        "Options of another kind and empty edits are usage errors",
        arguments: [RecordKind.wellness, .workout, .food, .steps, .weight])
    func usageErrors(kind: RecordKind) throws {
        var p = LogPatch()
        #expect(
            throws: CoachKitError.nothingToChange(entry: "x", valid: LogPatch.options(for: kind))
        ) { try p.check(kind: kind, entry: "x") }
        p.bodyFat = "20%"; p.mood = 3
        let valid = LogPatch.options(for: kind)
        let stray = [Parameter.mood, .bodyFat].first { !valid.contains($0) }!
        do {
            try p.check(kind: kind, entry: "x")
            Issue.record("\(kind) accepted \(stray)")
        } catch let error as CoachKitError {
            #expect(
                error == .optionNotApplicable(option: stray, entry: "x", valid: valid)
                    && error.isUsage)
        }
    }

    @Test("Out-of-range values and future days are refused and the entry is left as it was")
    func refused() throws {
        let original = StepsDay(day: LocalDay("2026-11-24")!, steps: 9000)
        var d = original
        var p = LogPatch()
        p.steps = 150_001
        #expect(throws: CoachKitError.outOfRange(field: "steps", range: "0–150000 a day")) {
            try p.apply(to: &d, Self.ctx)
        }
        var e = WellnessEntry(id: "w1", day: LocalDay("2026-11-24")!, mood: 4)
        var future = LogPatch()
        future.date = "tomorrow"
        #expect(
            throws: CoachKitError.outOfRange(field: .parameter(.date), range: "today or earlier")
        ) { try future.apply(to: &e, Self.ctx) }
    }
}
