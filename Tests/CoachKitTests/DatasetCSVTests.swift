import CoachKit
import Foundation
import Testing

/// The CSV export: RFC 4180 quoting, spreadsheet-safe numbers and text, a stable header, one row
/// per entry, and only the chosen kinds' columns with `--kind`.
@Suite struct DatasetCSVTests {
    @Test(
        "Fields are quoted only when RFC 4180 requires it",
        arguments: [
            ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
            ("cr\rhere", "\"cr\rhere\""), ("", ""), ("Zürich 7 °C", "Zürich 7 °C"),
        ])
    func quoting(input: String, expected: String) {
        #expect(CSVText.field(input) == expected)
    }

    @Test(
        "Free text that a spreadsheet would run as a formula gets a leading apostrophe",
        arguments: [
            ("=SUM(A1:A9)", "'=SUM(A1:A9)"), ("+1 banana", "'+1 banana"), ("-5 kg", "'-5 kg"),
            ("@home", "'@home"),
            ("=1,2", "\"'=1,2\""), ("fine = ok", "fine = ok"),
        ])
    func formulaGuard(input: String, expected: String) {
        #expect(CSVText.text(input) == expected)
    }

    @Test(
        "Numbers have no exponent and no trailing .0",
        arguments: [
            (42.0, "42"), (61.4, "61.4"), (-0.3, "-0.3"), (0.0, "0"), (1e-7, "0"),
            (0.00001234, "0.000012"), (1e16, "10000000000000000"),
            (Double.nan, ""),
        ])
    func numbers(value: Double, expected: String) {
        #expect(CSVText.number(value) == expected)
    }

    static func dataset() -> AthleteDataset {
        var d = AthleteDataset(
            athlete: AthleteProfile(handle: "jane", name: "Jane", timeZone: "Etc/GMT-1"))
        let day = LocalDay("2026-11-24")!
        d.wellness = [
            WellnessEntry(
                id: "w1", day: day, mood: 4, doms: [.quads: 6, .hamstrings: 3],
                notes: "legs, \"heavy\"\nreally")
        ]
        var workout = Workout(
            id: "k1", start: Instant("2026-11-24T23:30:00+01:00")!, sport: .cycling)
        workout.elapsedS = 5400; workout.npW = 230.5; workout.title = "=HYPERLINK(\"x\")"
        d.workouts = [workout]
        d.biometrics = [
            BiometricSample(
                id: "b1", time: Instant("2026-11-24T06:30:00+01:00")!, type: .wrist_temp,
                value: -0.3)
        ]
        d.sleep = [
            SleepRecord(
                id: "s1", start: Instant("2026-11-23T22:40:00+01:00")!,
                end: Instant("2026-11-24T06:20:00+01:00")!, stage: .asleep)
        ]
        var food = FoodEntry(id: "f1", time: Instant("2026-11-24T12:30:00+01:00")!, kcal: 650)
        food.meal = "lunch"; food.note = "pasta, salad"
        d.food = [food]
        d.steps = [StepsDay(day: day, steps: 12034, distanceM: 8900)]
        d.weight = [
            WeightEntry(
                id: "m1", time: Instant("2026-11-24T07:05:00+01:00")!, kg: 61.4, bodyFatPct: 20.8)
        ]
        return d
    }

    @Test("The whole table: header, one row per entry in kind order, CRLF line ends")
    func wholeTable() {
        let csv = DatasetCSV.render(Self.dataset())
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines.last == "", "the last record ends with CRLF")
        #expect(lines.first == DatasetCSV.header().joined(separator: ","))
        #expect(DatasetCSV.header().prefix(5) == ["kind", "id", "day", "time", "end"])
        #expect(csv.hasPrefix("kind,id,day,time,end,mood,doms_chest,"))
        #expect(
            lines.dropFirst().compactMap { $0.split(separator: ",").first }.filter {
                !$0.hasPrefix("\"") && !$0.hasPrefix("really")
            }
                == ["wellness", "workout", "biometric", "sleep", "food", "steps", "weight"])
        #expect(
            csv.contains("\"legs, \"\"heavy\"\"\nreally\""),
            "notes keep their comma, quotes and newline")
        #expect(csv.contains("\"'=HYPERLINK(\"\"x\"\")\""), "a formula-like title is neutralised")
        #expect(
            csv.contains("workout,k1,2026-11-24,2026-11-24T23:30:00+01:00,"),
            "the day is athlete-local")
        #expect(csv.contains(",-0.3,"), "negative numbers stay numbers")
        #expect(csv.contains("steps,steps-2026-11-24,2026-11-24,"))
        #expect(DatasetCSV.render(Self.dataset()) == csv, "the same data gives the same bytes")
    }

    @Test("Choosing kinds keeps only their rows and columns, in the fixed order")
    func kindsFilter() {
        let csv = DatasetCSV.render(Self.dataset(), kinds: [.weight, .food])
        let lines = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(
            lines.first == "kind,id,day,time,kcal,protein_g,carbs_g,fat_g,meal,note,kg,body_fat_pct"
        )
        #expect(
            lines.dropFirst() == [
                "food,f1,2026-11-24,2026-11-24T12:30:00+01:00,650,,,,lunch,\"pasta, salad\",,",
                "weight,m1,2026-11-24,2026-11-24T07:05:00+01:00,,,,,,,61.4,20.8",
            ])
        #expect(
            DatasetCSV.header(kinds: [.steps]) == [
                "kind", "id", "day", "distance_m", "steps", "active_kcal",
            ])
    }

    @Test("An athlete without logs gives just the header")
    func empty() {
        let d = AthleteDataset(athlete: AthleteProfile(handle: "x", name: "X"))
        #expect(DatasetCSV.render(d) == DatasetCSV.header().joined(separator: ",") + "\r\n")
    }
}
