import Foundation
import Testing

/// Issue 12, items 12–14 through the binary: biometrics with their times and a view that lists
/// them, seven days of nutrition totals, and the step day's tiles.
@Suite struct SeedViewsCLITests {
    static let now = ViewsCLITests.now  // 2026-11-20 18:00 Berlin

    /// `bert`, an athlete with no workouts, logs biometrics, food and steps.
    static func scene() throws -> CoachSandbox {
        let s = try ViewsCLITests.scene()
        let log: [[String]] = [
            ["biometrics", "--hrv", "61.5", "--rest-hr", "47", "--time", "06:30"],
            [
                "biometrics", "--hrv", "44", "--hrv-kind", "sdnn", "--spo2", "97", "--time",
                "2026-11-19 22:40", "--date", "2026-11-19",
            ],
            ["food", "--kcal", "600", "--protein", "30", "--carbs", "80", "--fat", "15"],
            [
                "food", "--kcal", "900", "--protein", "45", "--carbs", "100", "--fat", "30",
                "--date", "yesterday",
            ],
            ["steps", "8400", "--distance", "6.3km", "--active-kcal", "320"],
        ]
        for args in log {
            try s.expectOK(
                s.run(["log"] + args + ["--athlete", "bert", "--as", "olivia"], env: now))
        }
        return s
    }

    @Test("biometrics keep the time they were measured and a view lists them, workouts or not")
    func biometrics() throws {
        let s = try Self.scene()
        let text = try s.expectOK(
            s.run(["biometrics", "--athlete", "bert", "--as", "olivia"], env: Self.now)
        ).stdout
        let lines = text.split(separator: "\n")
        #expect(
            lines.contains {
                $0.contains("2026-11-20") && $0.contains("06:30") && $0.contains("hrv_rmssd")
                    && $0.contains("61.5 ms")
            })
        #expect(
            lines.contains {
                $0.contains("2026-11-20") && $0.contains("06:30") && $0.contains("resting_hr")
                    && $0.contains("47 bpm")
            })
        #expect(
            lines.contains {
                $0.contains("2026-11-19") && $0.contains("22:40") && $0.contains("hrv_sdnn")
            })
        #expect(
            lines.contains { $0.contains("22:40") && $0.contains("spo2") && $0.contains("97 %") })
        let json = try s.expectOK(
            s.run(
                [
                    "biometrics", "--athlete", "bert", "--type", "hrv_rmssd", "--json", "--as",
                    "olivia",
                ],
                env: Self.now)
        ).stdout
        let rows = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["samples"]
                as? [[String: Any]])
        #expect(rows.count == 1)
        #expect((rows.first?["time"] as? String)?.hasPrefix("2026-11-20T06:30:00") == true)
    }

    @Test(
        "--time on another day than --date, or in the future, is refused",
        arguments: [
            ["--time", "2026-11-18 07:00"], ["--time", "23:30"],
        ])
    func badTime(args: [String]) throws {
        let s = try ViewsCLITests.scene()
        let r = try s.run(
            ["log", "biometrics", "--hrv", "60", "--athlete", "bert", "--as", "olivia"] + args,
            env: Self.now)
        #expect(r.status == 64 && r.errorLines.count == 1, "\(r.status) \(r.stderr)")
    }

    @Test("nutrition lists seven days of kcal, protein, carbs and fat with the expenditure")
    func nutrition() throws {
        let s = try Self.scene()
        let json = try s.expectOK(
            s.run(["nutrition", "--athlete", "jane", "--json", "--as", "olivia"], env: Self.now)
        ).stdout
        #expect(
            ((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["days"]
                as? [[String: Any]])?.count == 7)
        let bert = try s.expectOK(
            s.run(["nutrition", "--athlete", "bert", "--json", "--as", "olivia"], env: Self.now)
        ).stdout
        let days = try #require(
            (try JSONSerialization.jsonObject(with: Data(bert.utf8)) as? [String: Any])?["days"]
                as? [[String: Any]])
        #expect(days.map { $0["day"] as? String } == (14...20).map { "2026-11-\($0)" })
        #expect(
            days[5]["carbs_g"] as? Double == 100 && days[5]["fat_g"] as? Double == 30
                && days[5]["in_progress"] as? Bool == false)
        #expect(
            days[6]["kcal"] as? Double == 600 && days[6]["protein_g"] as? Double == 30
                && days[6]["in_progress"] as? Bool == true)
        let text = try s.expectOK(
            s.run(["nutrition", "--athlete", "bert", "--as", "olivia"], env: Self.now)
        ).stdout
        #expect(
            text.contains("2026-11-20 (so far)") && text.contains("CARBS G")
                && text.contains("EXPENDITURE"))
        #expect(
            text.split(separator: "\n").contains {
                $0.hasPrefix("total") && $0.contains("1500") && $0.contains("180")
            })
        // Issue 29: a day without meals is a gap ("–"), never a row of 0 kcal.
        let empty = days.filter { $0["entries"] as? Int == 0 }.compactMap { $0["day"] as? String }
        #expect(!empty.isEmpty)
        for day in empty {
            #expect(
                text.split(separator: "\n").contains {
                    // DAY, MEALS 0, then KCAL, PROTEIN, CARBS and FAT each "–"
                    let f = $0.split(separator: " ")
                    return $0.hasPrefix(day) && f.count > 5 && f[1] == "0"
                        && f[2...5].allSatisfy { $0 == "–" }
                }, "\(day)")
        }
        #expect(text.contains("a gap and not 0 kcal"))
    }

    @Test("the step day shows kcal, distance in the athlete's units and the current heart rate")
    func stepTiles() throws {
        let s = try Self.scene()
        try s.expectOK(
            s.run(["goal", "steps", "10000", "--athlete", "bert", "--as", "olivia"], env: Self.now))
        let text = try s.expectOK(
            s.run(["activity", "--athlete", "bert", "--as", "olivia"], env: Self.now)
        ).stdout
        #expect(
            text.contains("[kcal 320]") && text.contains("[distance 6.30 km]")
                && text.contains("[heart rate --]"), "\(text)")
        try s.expectOK(
            s.run(
                ["athlete", "edit", "bert", "--units", "imperial", "--as", "olivia"], env: Self.now)
        )
        let miles = try s.expectOK(
            s.run(["activity", "--athlete", "bert", "--as", "olivia"], env: Self.now)
        ).stdout
        #expect(miles.contains("[distance 3.91 mi]"), "\(miles)")
    }
}
