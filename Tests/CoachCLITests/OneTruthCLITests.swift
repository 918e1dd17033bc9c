import Foundation
import Testing

/// Issue 30, item 3 through the binary: a session's assessment and the day's flags are computed
/// once, so the HTML report states what `plan week --json` and `team --json` state.
@Suite struct OneTruthCLITests {
    static let now = ["COACH_NOW": "2026-11-18T19:00:00+01:00"]  // a Wednesday in Berlin

    /// jane (FTP 250) with a ride two days ago she skipped and one yesterday she rode easier
    /// than planned: an hour at NP 160 W is 41 TSS by her FTP, against 60 planned.
    static func scene() throws -> CoachSandbox {
        let s = try CoachSandbox(clock: now)
        try s.initialise()
        try s.expectOK(s.run(["athlete", "edit", "jane", "--ftp", "250"]))
        for (date, title) in [("2026-11-16", "Skipped ride"), ("2026-11-17", "Tempo ride")] {
            try s.expectOK(
                s.run([
                    "plan", "session", "add", "-a", "jane", "--date", date, "--title", title,
                    "--sport", "cycling", "--planned-duration", "60m", "--planned-tss", "60",
                ]))
        }
        try s.expectOK(
            s.run([
                "log", "workout", "-a", "jane", "--sport", "cycling", "--duration", "60m",
                "--np", "160", "--date", "2026-11-17",
            ]))
        return s
    }

    static func object(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// The sessions of `plan week --json` by title.
    static func planWeek(_ s: CoachSandbox) throws -> [String: [String: Any]] {
        let r = try s.expectOK(s.run(["plan", "week", "-a", "jane", "--json"]))
        let week = try #require((try object(r.stdout) as? [String: Any])?["week"] as? [String: Any])
        var byTitle: [String: [String: Any]] = [:]
        for day in week["days"] as? [[String: Any]] ?? [] {
            for session in day["sessions"] as? [[String: Any]] ?? [] {
                byTitle[session["title"] as? String ?? ""] = session
            }
        }
        return byTitle
    }

    /// The HTML report of jane's last 30 days.
    static func report(_ s: CoachSandbox) throws -> String {
        let out = s.root + "/tmp/jane-\(UUID().uuidString).html"
        try s.expectOK(s.run(["report", "--athlete", "jane", "--days", "30", "--out", out]))
        return try String(contentsOfFile: out, encoding: .utf8)
    }

    @Test("the report's plan square says what plan week --json says of the same session")
    func sessionAssessment() throws {
        let s = try Self.scene()
        let week = try Self.planWeek(s)
        let tempo = try #require(week["Tempo ride"])
        #expect(tempo["status"] as? String == "done")
        let compliance = try #require(tempo["compliance"] as? String)
        let adherence = try #require(tempo["adherence"] as? Double)
        #expect(compliance == "yellow", "41 of 60 TSS by her FTP: \(tempo)")
        let html = try Self.report(s)
        let square = "2026-11-17 Tempo ride: \(compliance) ("
        #expect(html.contains(square), "no '\(square)' in the report")
        #expect(html.contains("adherence \(Int(adherence.rounded()))%</title>"))
        #expect(week["Skipped ride"]?["status"] as? String == "missed")
        #expect(html.contains("2026-11-16 Skipped ride: missed, adherence 0%</title>"))
    }

    @Test("the report's flags tile lists the flags team --json gives the athlete")
    func flags() throws {
        let s = try Self.scene()
        let team = try s.run(["team", "--json"])
        #expect(team.status == 3, "exit 3: someone needs attention")
        let rows = try #require(
            (try Self.object(team.stdout) as? [String: Any])?["athletes"] as? [[String: Any]])
        let jane = try #require(rows.first { $0["handle"] as? String == "jane" })
        let flags = try #require(jane["flags"] as? [String])
        #expect(flags.contains("missed_session") && flags.contains("stale_check_in"), "\(flags)")
        let html = try Self.report(s)
        let tile =
            "<span class=\"sub\">Flags</span><b>\(flags.count)</b><span class=\"sub\">"
            + flags.joined(separator: ", ") + "</span>"
        #expect(html.contains(tile), "the report's tile differs from \(flags)")
    }

    /// "M:SS" of `seconds`.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return "\(s / 60):" + String(format: "%02d", s % 60)
    }

    @Test(
        "the report's weight, distances and paces are those of log show and trend --json, in miles and pounds"
    )
    func imperialFacts() throws {
        let s = try Self.scene()
        try s.expectOK(s.run(["athlete", "edit", "jane", "--units", "imperial"]))
        try s.expectOK(s.run(["log", "weight", "135lb", "-a", "jane", "--date", "2026-11-16"]))
        try s.expectOK(s.run(["log", "weight", "134lb", "-a", "jane"]))
        try s.expectOK(
            s.run([
                "log", "workout", "-a", "jane", "--sport", "running", "--duration", "45m",
                "--distance", "5mi",
            ]))
        let show = try s.expectOK(s.run(["log", "show", "-a", "jane", "--json"]))
        let entries = try #require(
            (try Self.object(show.stdout) as? [String: Any])?["entries"] as? [[String: Any]])
        let workouts = entries.filter { $0["kind"] as? String == "workout" }
            .compactMap { $0["entry"] as? [String: Any] }
        let run = try #require(workouts.first { $0["sport"] as? String == "running" })
        let metres = try #require(run["distance_m"] as? Double)
        let seconds = try #require(run["elapsed_s"] as? Double)
        let html = try Self.report(s)
        let row =
            "<td class=\"num\">" + String(format: "%.1f mi", metres / 1609.344)
            + "</td><td class=\"num\">" + Self.clock(seconds / metres * 1609.344) + " /mi</td>"
        #expect(html.contains(row), "no '\(row)' in the report")
        let week = workouts.compactMap { $0["distance_m"] as? Double }.reduce(0, +)
        #expect(
            html.contains(
                "<span class=\"sub\">Distance 7 d</span><b>"
                    + String(format: "%.1f mi", week / 1609.344) + "</b>"))
        let trend = try s.expectOK(
            s.run(["trend", "-a", "jane", "--metric", "weight", "--days", "7", "--json"]))
        let series = try #require(
            (try Self.object(trend.stdout) as? [String: Any])?["series"] as? [[String: Any]])
        let points = try #require(series.first?["points"] as? [[String: Any]])
        let kg = try #require(points.last?["value"] as? Double)
        let tile =
            "<span class=\"sub\">Weight 7 d</span><b>"
            + String(format: "%.1f lb", kg / 0.45359237) + "</b><span class=\"sub\">2 weigh-ins"
        #expect(html.contains(tile), "no '\(tile)' in the report")
        #expect(!html.contains(" km<") && !html.contains(" kg<") && !html.contains("/km<"))
    }
}
