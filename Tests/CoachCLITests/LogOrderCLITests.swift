import Foundation
import Testing

/// Issue 30, item 7 (in part) through the binary: `log show` lists a day's entries in the order
/// they happened, not by kind and id.
@Suite struct LogOrderCLITests {
    static let now = ["COACH_NOW": "2026-11-18T19:00:00+01:00"]  // a Wednesday in Berlin

    @Test("a day's workout at 06:00, meal at 08:00 and weighing at noon are listed in that order")
    func timeOrder() throws {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise()
        let day = "2026-11-17"
        // Logged in another order than they happened, and of kinds whose names sort the other
        // way round (food < weight < workout).
        try s.expectOK(s.run(["log", "weight", "-a", "jane", "61kg", "--date", day]))
        try s.expectOK(
            s.run([
                "log", "food", "-a", "jane", "--date", day, "--time", "08:00", "--kcal", "450",
            ]))
        try s.expectOK(
            s.run([
                "log", "workout", "-a", "jane", "--sport", "running", "--duration", "40m",
                "--start", "\(day) 06:00", "--date", day,
            ]))
        try s.expectOK(s.run(["log", "steps", "-a", "jane", "9000", "--date", day]))
        let r = try s.expectOK(
            s.run(["log", "show", "-a", "jane", "--date", day, "--days", "1", "--json"]))
        let entries = try #require(
            try ViewsCLITests.list(r))
        #expect(
            entries.map { $0["kind"] as? String } == ["steps", "workout", "food", "weight"],
            "\(r.stdout)")
        let table = try s.expectOK(
            s.run(["log", "show", "-a", "jane", "--date", day, "--days", "1"])
        ).stdout
        let kinds = table.split(separator: "\n").dropFirst().compactMap {
            $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
        }
        #expect(kinds == ["steps", "workout", "food", "weight"], "\(table)")
    }
}
