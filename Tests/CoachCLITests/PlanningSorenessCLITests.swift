import Foundation
import Testing

/// Issue 30, item 8 through the binary: planning on a sore muscle group warns at
/// `plan session add` (stderr, never in its `--json`) and under `plan week` (and in its
/// `--json`); `plan show --limit`.
@Suite struct PlanningSorenessCLITests {
    @Test("a session on a group rated 7 today warns at add and under the week; others do not")
    func soreWarning() throws {
        let s = try PlanCLITests.scene()
        try PlanCLITests.ok(s, ["log", "mood", "3", "--doms", "quads=7,calves=4", "-a", "bert"])
        let squats = try PlanCLITests.ok(
            s,
            [
                "plan", "session", "add", "-a", "bert", "--date", "tomorrow", "--title", "Squats",
                "--sport", "strength", "--targets", "quads,glutes",
            ])
        #expect(
            squats.stderr.contains(
                "⚠ Fri 2026-11-27: \"Squats\" loads quads, rated 7/10 on 2026-11-26 by bert."),
            "\(squats.stderr)")
        let calves = try PlanCLITests.ok(
            s,
            [
                "plan", "session", "add", "-a", "bert", "--date", "tomorrow", "--title", "Hops",
                "--sport", "strength", "--targets", "calves", "--json",
            ])
        #expect(calves.stderr.isEmpty, "calves at 4 is not sore: \(calves.stderr)")
        #expect(try PlanCLITests.json(calves)["title"] as? String == "Hops")
        let later = try PlanCLITests.ok(
            s,
            [
                "plan", "session", "add", "-a", "bert", "--date", "2026-12-02", "--title", "Lunges",
                "--sport", "strength", "--targets", "quads",
            ])
        #expect(later.stderr.isEmpty, "six days later is outside 48 h: \(later.stderr)")
        let week = try PlanCLITests.ok(s, ["plan", "week", "-a", "bert"])
        #expect(
            week.stdout.contains("⚠ Fri 2026-11-27: \"Squats\" loads quads, rated 7/10"),
            "\(week.stdout)")
        #expect(!week.stdout.contains("\"Hops\" loads"))
        #expect(
            week.stdout.contains("Fri 2026-11-27 ⚠") && !week.stdout.contains("Thu 2026-11-26 ⚠"))
        // The same warning for scripts.
        let json = try PlanCLITests.json(
            PlanCLITests.ok(s, ["plan", "week", "-a", "bert", "--json"]))
        let warnings = try #require(json["sore_warnings"] as? [[String: Any]])
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?["title"] as? String == "Squats")
        #expect(warnings.first?["group"] as? String == "quads")
        #expect(warnings.first?["level"] as? Int == 7)
        #expect(warnings.first?["rated_on"] as? String == "2026-11-26")
    }

    @Test("log weight ends with the 7-day average and its change, in the athlete's units")
    func weightTrend() throws {
        let s = try PlanCLITests.scene()
        for (day, kg) in [("2026-11-18", "72kg"), ("2026-11-24", "71kg"), ("today", "70kg")] {
            try PlanCLITests.ok(s, ["log", "weight", kg, "-a", "bert", "--date", day])
        }
        let r = try PlanCLITests.ok(s, ["log", "weight", "69kg", "-a", "bert"])
        #expect(
            r.stdout.contains(
                "Weight trend: 7-day average 70.0 kg (3 weigh-ins), −2.0 kg from the 7 days before."
            ),
            "\(r.stdout)")
        let json = try PlanCLITests.ok(s, ["log", "weight", "69kg", "-a", "bert", "--json"])
        #expect(!json.stdout.contains("trend"), "--json prints the entry only")
    }

    @Test("plan show --limit keeps the weeks nearest today; 0 is refused")
    func limit() throws {
        let s = try PlanCLITests.scene()
        for day in ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-30", "2026-12-07"] {
            try PlanCLITests.ok(
                s, ["plan", "session", "add", "-a", "bert", "--date", day, "--title", "Run"])
        }
        let all = try PlanCLITests.json(
            PlanCLITests.ok(s, ["plan", "show", "-a", "bert", "--json"]))
        #expect((all["previous"] as? [Any])?.count == 3 && (all["upcoming"] as? [Any])?.count == 2)
        let one = try PlanCLITests.json(
            PlanCLITests.ok(s, ["plan", "show", "-a", "bert", "--limit", "1", "--json"]))
        let previous = try #require(one["previous"] as? [[String: Any]])
        let upcoming = try #require(one["upcoming"] as? [[String: Any]])
        #expect(previous.map { $0["start"] as? String } == ["2026-11-16"])
        #expect(upcoming.map { $0["start"] as? String } == ["2026-11-30"])
        let text = try PlanCLITests.ok(s, ["plan", "show", "-a", "bert", "--limit", "1"]).stdout
        #expect(text.contains("Previous (1 week)") && !text.contains("2026-11-02"))
        let zero = try PlanCLITests.coach(s, ["plan", "show", "-a", "bert", "--limit", "0"])
        #expect(zero.status == 64 && zero.errorLines.count == 1, "\(zero.stderr)")
    }
}
