import CoachTestSupport
import Foundation
import Testing

/// `coach dashboard`, `team`, `trend` and `activity` through the binary: JSON contracts, the team
/// exit code, past days, and one-line refusals. Whether a trend agrees with `metrics` is a
/// use-case result, checked in process (CoachAppTests' `TrendUseCaseTests`).
@Suite struct ViewsCLITests {
    static let now = ["COACH_NOW": "2026-11-20T18:00:00+01:00"]

    static func fixture(_ name: String) -> String { TestFixtures.path(name) }

    /// Owner olivia with `jane` (60 days of data) and `bert` (no data yet).
    static func scene() throws -> CoachSandbox {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise(athlete: nil)
        try s.expectOK(
            s.run(
                ["import", "json", fixture("views-60-days.json"), "--create", "--as", "olivia"],
                env: now))
        try s.expectOK(
            s.run(["athlete", "add", "bert", "--name", "Bert Bauer", "--as", "olivia"], env: now))
        return s
    }

    static func json(_ r: CoachResult) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
    }

    /// The list of a `--json` list shape (`{"format": …, "<key>": [...]}`, issue 30 item 11):
    /// the one value beside `format`, or nil when the output is not such an object.
    static func list(_ r: CoachResult) throws -> [[String: Any]]? {
        guard let top = try json(r) as? [String: Any], top["format"] is String, top.count == 2
        else { return nil }
        return top.first { $0.key != "format" }?.value as? [[String: Any]]
    }

    @Test("The dashboard carries every provider's result and a 7-day body battery week")
    func dashboard() throws {
        let s = try Self.scene()
        let r = try s.expectOK(s.run(["dashboard", "--athlete", "jane", "--json"], env: Self.now))
        let obj = try #require(try Self.json(r) as? [String: Any])
        let metrics = try #require(obj["metrics"] as? [[String: Any]])
        #expect(
            metrics.map { $0["id"] as? String } == [
                "readiness", "training-load", "stress", "nutrition", "adherence",
                "self-assessment", "exertion", "activity",
            ])
        let week = try #require(obj["readiness_week"] as? [[String: Any]])
        #expect(week.map { $0["day"] as? String } == (14...20).map { "2026-11-\($0)" })
        #expect(obj["day"] as? String == "2026-11-20")
        let text = try s.expectOK(s.run(["dashboard", "--athlete", "jane"], env: Self.now))
        #expect(text.stdout.contains("Body battery") && text.stdout.contains("Last 7 days"))
    }

    @Test("The team view has one row per athlete and exits 0 when nobody is flagged")
    func teamUnflagged() throws {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise()
        try s.expectOK(
            s.run(
                ["athlete", "add", "bert", "--name", "Bert Bauer", "--as", "olivia"], env: Self.now)
        )
        // Issue 29: an athlete without a check-in in the last two days is flagged, so both check in.
        for who in ["bert", "jane"] {
            try s.expectOK(
                s.run(["log", "mood", "4", "--athlete", who, "--as", "olivia"], env: Self.now))
        }
        let r = try s.expectOK(s.run(["team", "--json"], env: Self.now))
        let rows = try #require(try Self.list(r))
        #expect(rows.map { $0["handle"] as? String } == ["bert", "jane"])
        #expect(rows.allSatisfy { ($0["flags"] as? [String])?.isEmpty == true })
    }

    @Test("The team view exits 3 when an athlete is flagged; --flagged shows only them")
    func teamFlagged() throws {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise()
        try s.expectOK(
            s.run(
                [
                    "import", "json", Self.fixture("views-missed-session.json"), "--create", "--as",
                    "olivia",
                ], env: Self.now))
        // Issue 29: check-ins on both days looked at, so only the missed session flags anyone
        // (the fixture has bert's).
        for day in ["2026-11-16", "2026-11-20"] {
            try s.expectOK(
                s.run(
                    ["log", "mood", "4", "--athlete", "jane", "--date", day, "--as", "olivia"],
                    env: Self.now))
        }
        let all = try s.run(["team", "--as", "olivia"], env: Self.now)
        #expect(all.status == 3, "exit \(all.status): \(all.stderr)")
        #expect(all.stdout.contains("jane") && all.stdout.contains("missed_session"))
        let flagged = try s.run(["team", "--flagged", "--json"], env: Self.now)
        #expect(flagged.status == 3)
        let rows = try #require(try Self.list(flagged))
        #expect(rows.map { $0["handle"] as? String } == ["bert"])
        #expect(rows.first?["flags"] as? [String] == ["missed_session"])
        // Looking at the day before the session, nothing was missed yet: nobody is flagged.
        let before = try s.run(["team", "--json", "--date", "2026-11-16"], env: Self.now)
        #expect(before.status == 0, "exit \(before.status): \(before.stdout)")
    }

    @Test("Sorting by readiness puts the lowest first and athletes without a score last")
    func teamSort() throws {
        let s = try Self.scene()
        let r = try s.run(["team", "--sort", "readiness", "--json"], env: Self.now)
        let rows = try #require(try Self.list(r))
        #expect(rows.map { $0["handle"] as? String } == ["jane", "bert"])
        #expect(rows[0]["readiness"] is Int && rows[1]["readiness"] == nil)
        let bad = try s.run(["team", "--sort", "shoe-size"], env: Self.now)
        #expect(bad.status == 64 && bad.stderr.contains("shoe-size"))
    }

    @Test("A trend has one point per day for each series, ending on the day asked")
    func trend() throws {
        let s = try Self.scene()
        let r = try s.expectOK(
            s.run(
                [
                    "trend", "--athlete", "jane", "--metric", "readiness,ctl,steps", "--days", "10",
                    "--date", "2026-11-18", "--json",
                ], env: Self.now))
        let obj = try #require(try Self.json(r) as? [String: Any])
        let series = try #require(obj["series"] as? [[String: Any]])
        #expect(series.map { $0["name"] as? String } == ["readiness", "ctl", "steps"])
        for s in series {
            let points = try #require(s["points"] as? [[String: Any]])
            #expect(points.count == 10)
            #expect(points.last?["day"] as? String == "2026-11-18")
        }
        let text = try s.expectOK(
            s.run(["trend", "--athlete", "jane", "--metric", "ctl"], env: Self.now))
        #expect(text.stdout.contains("ctl") && text.stdout.contains("last"))
    }

    @Test(
        "Activity shows the steps against the goal and the walking bot, by day or in 7-day blocks")
    func activity() throws {
        let s = try Self.scene()
        let day = try s.expectOK(s.run(["activity", "--athlete", "jane"], env: Self.now))
        #expect(day.stdout.contains("walking bot") && day.stdout.contains("Last 7 days"))
        let week = try s.expectOK(
            s.run(["activity", "--athlete", "jane", "--week"], env: Self.now))
        #expect(week.stdout.contains("7-day blocks"))
        let json = try s.expectOK(
            s.run(["activity", "--athlete", "jane", "--json"], env: Self.now))
        let values = try #require(
            (try Self.json(json) as? [String: Any])?["values"] as? [String: Any])
        #expect(values["bot_today"] as? Double == 7500)  // 18:00 is 3/4 of the day: 7500 of 10000
    }

    @Test(
        "Views refuse a future day, an unknown series and a bad window with one line and no output",
        arguments: [
            ["dashboard", "--athlete", "jane", "--date", "2026-11-21"],
            ["team", "--date", "2026-12-01"],
            ["trend", "--athlete", "jane", "--metric", "shoe-size"],
            ["trend", "--athlete", "jane", "--days", "0"],
            ["trend", "--athlete", "jane", "--metric", "training-load.nope"],
            ["activity", "--athlete", "jane", "--date", "tomorrow"],
            ["dashboard", "--athlete", "nobody"],
        ])
    func refusals(command: [String]) throws {
        let s = try Self.scene()
        let r = try s.run(command, env: Self.now)
        #expect(r.status != 0 && r.status != 3 && !r.crashed, "exit \(r.status)")
        #expect(
            r.errorLines.count == 1 && r.stderr.hasPrefix("coach: "), "one clear line: \(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("Views read the same numbers with or without the athlete snapshot")
    func snapshotTransparent() throws {
        let s = try Self.scene()
        let before = try s.expectOK(
            s.run(["metrics", "--athlete", "jane", "--json"], env: Self.now)
        ).stdout
        _ = try s.sqlite("DELETE FROM snapshots")
        #expect(try s.sqlite("SELECT COUNT(*) FROM snapshots") == "0")
        let after = try s.expectOK(
            s.run(["metrics", "--athlete", "jane", "--json"], env: Self.now)
        ).stdout
        #expect(after == before)
        #expect(
            try s.sqlite(
                "SELECT COUNT(*) FROM snapshots WHERE athlete_id IN (SELECT id FROM athletes)")
                != "0")
        // A snapshot not built yet is no finding (every import drops one); the records are.
        let unbuilt = try s.run(["doctor", "--json"], env: Self.now)
        #expect(
            unbuilt.status == 0 && unbuilt.stdout.contains("1 athlete snapshots match")
                && unbuilt.stdout.contains("1 not built yet"),
            "\(unbuilt.stdout)")
        try s.expectOK(s.run(["doctor", "--repair"], env: Self.now))
        let doctor = try s.expectOK(s.run(["doctor", "--json"], env: Self.now))
        #expect(doctor.stdout.contains("2 athlete snapshots match their records"))
    }
}
