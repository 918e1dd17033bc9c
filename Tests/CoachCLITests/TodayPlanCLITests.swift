import Foundation
import Testing

/// Issue 30, item 4 through the binary: the dashboard lists today's planned sessions, and a
/// workout logged today counts toward today's session in `plan week` (and in the dashboard).
@Suite struct TodayPlanCLITests {
    static let now = ["COACH_NOW": "2026-11-18T19:00:00+01:00"]  // a Wednesday in Berlin

    /// jane with a ride planned today and a run tomorrow.
    static func scene() throws -> CoachSandbox {
        let s = try CoachSandbox(clock: now)
        try s.initialise()
        for (date, title, sport) in [
            ("2026-11-18", "Tempo ride", "cycling"), ("2026-11-19", "Easy run", "running"),
        ] {
            try s.expectOK(
                s.run([
                    "plan", "session", "add", "-a", "jane", "--date", date, "--title", title,
                    "--sport", sport, "--planned-duration", "45m", "--planned-tss", "50",
                ]))
        }
        return s
    }

    /// The week's sessions by title with their status, and its done count.
    static func week(_ s: CoachSandbox) throws -> (status: [String: String], done: Int?) {
        let r = try s.expectOK(s.run(["plan", "week", "-a", "jane", "--json"]))
        let obj = try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let week = try #require(obj["week"] as? [String: Any])
        let sessions = (week["days"] as? [[String: Any]] ?? []).flatMap {
            $0["sessions"] as? [[String: Any]] ?? []
        }
        var status: [String: String] = [:]
        for s in sessions { status[s["title"] as? String ?? ""] = s["status"] as? String }
        let totals = week["totals"] as? [String: Any]
        return (status, totals?["done_sessions"] as? Int)
    }

    @Test("today's session shows on the dashboard and counts as done once today's ride is logged")
    func todayCounts() throws {
        let s = try Self.scene()
        let before = try s.expectOK(s.run(["dashboard", "-a", "jane"])).stdout
        #expect(
            before.contains("Planned       Tempo ride (cycling, 45m, 50 TSS)\n"), "\(before)")
        #expect(!before.contains("Easy run"), "tomorrow's session is not today's")
        let planned = try Self.week(s)
        #expect(planned.status == ["Tempo ride": "planned", "Easy run": "planned"])
        #expect(planned.done == 0)

        // A run today does not take the ride: the session stays planned, not missed.
        try s.expectOK(
            s.run(["log", "workout", "-a", "jane", "--sport", "running", "--duration", "30m"]))
        #expect(try Self.week(s).status["Tempo ride"] == "planned")

        try s.expectOK(
            s.run([
                "log", "workout", "-a", "jane", "--sport", "cycling", "--duration", "50m",
                "--rpe", "6",
            ]))
        let done = try Self.week(s)
        #expect(done.status == ["Tempo ride": "done", "Easy run": "planned"])
        #expect(done.done == 1)
        let text = try s.expectOK(s.run(["plan", "week", "-a", "jane"])).stdout
        #expect(text.contains("done 1 of 2"), "\(text)")
        let after = try s.expectOK(s.run(["dashboard", "-a", "jane", "--json"]))
        let board = try #require(
            try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])
        let today = try #require(board["sessions_today"] as? [[String: Any]])
        #expect(today.map { $0["title"] as? String } == ["Tempo ride"])
        #expect(today.first?["done"] as? Bool == true)
        #expect(board["metrics"] is [Any], "the dashboard's own keys stay")
        let line = try s.expectOK(s.run(["dashboard", "-a", "jane"])).stdout
        #expect(line.contains("Planned       Tempo ride (cycling, 45m, 50 TSS) done"), "\(line)")
    }

    @Test("a day with nothing planned says so")
    func nothingPlanned() throws {
        let s = try Self.scene()
        let r = try s.expectOK(s.run(["dashboard", "-a", "jane", "--date", "2026-11-17"]))
        #expect(r.stdout.contains("Planned       nothing planned\n"), "\(r.stdout)")
    }
}
