import Foundation
import Testing

@testable import CoachCLI

/// Issue 30, item 1: a value that begins with a dash (`--date -3d`, `--duration -5m`,
/// `--days -3`) may follow its option as a separate word on every command, and means what
/// `--date=-3d` means.
@Suite struct DashValueCLITests {
    static let now = ViewsCLITests.now  // 2026-11-20 18:00 Berlin

    /// Every view that takes `--date`, with the words around it.
    static let views: [[String]] = [
        ["metrics", "-a", "jane"],
        ["dashboard", "-a", "jane"],
        ["team"],
        ["explain", "readiness", "-a", "jane"],
        ["trend", "-a", "jane", "--metric", "ctl,atl"],
        ["activity", "-a", "jane"],
        ["nutrition", "-a", "jane"],
        ["biometrics", "-a", "jane"],
        ["log", "show", "-a", "jane"],
    ]

    @Test("every view reads --date -3d as --date=-3d and looks at 2026-11-17, as text and JSON")
    func everyView() throws {
        let s = try ViewsCLITests.scene()
        for view in Self.views {
            for json in [false, true] {
                let tail = json ? ["--json"] : []
                let separate = try s.run(view + ["--date", "-3d"] + tail, env: Self.now)
                let attached = try s.run(view + ["--date=-3d"] + tail, env: Self.now)
                let name = view.joined(separator: " ")
                #expect(
                    [0, 3].contains(separate.status) && separate.stderr.isEmpty,
                    "\(name) --date -3d: \(separate.status) \(separate.stderr)")
                #expect(separate.status == attached.status, "\(name)")
                #expect(separate.stdout == attached.stdout, "\(name)")
                // The team's table and explain's JSON name no day; the other outputs do.
                let namesDay = json ? view.first != "explain" : view.first != "team"
                if namesDay {
                    #expect(separate.stdout.contains("2026-11-17"), "\(name): \(separate.stdout)")
                }
                let today = try s.run(view + tail, env: Self.now)
                #expect(today.stdout != separate.stdout, "\(name) showed today")
            }
        }
    }

    @Test("plan week --week -7d shows the previous week, as --week=-7d does")
    func planWeek() throws {
        let s = try ViewsCLITests.scene()
        let args = ["plan", "week", "-a", "jane", "--json"]
        let separate = try s.expectOK(s.run(args + ["--week", "-7d"], env: Self.now))
        let attached = try s.expectOK(s.run(args + ["--week=-7d"], env: Self.now))
        #expect(separate.stdout == attached.stdout)
        let obj = try #require(try ViewsCLITests.json(separate) as? [String: Any])
        let week = try #require(obj["week"] as? [String: Any])
        let days = try #require(week["days"] as? [[String: Any]])
        #expect(days.first?["date"] as? String == "2026-11-09", "\(days)")
    }

    @Test("a log's --date -2d, a goal's --from -1d and --weekly-change -0.25kg are values")
    func writes() throws {
        let s = try ViewsCLITests.scene()
        let logged = try s.expectOK(
            s.run(["log", "mood", "4", "-a", "bert", "--date", "-2d", "--json"], env: Self.now))
        #expect(logged.stdout.contains("2026-11-18"), "\(logged.stdout)")
        try s.expectOK(
            s.run(["goal", "steps", "9000", "-a", "bert", "--from", "-1d"], env: Self.now))
        try s.expectOK(
            s.run(
                ["athlete", "edit", "bert", "--goal", "lose", "--weekly-change", "-0.25kg"],
                env: Self.now))
    }

    @Test(
        "a negative count or duration reaches its own check, not 'Missing value'",
        arguments: [
            (["trend", "-a", "jane", "--days"], "-3", "--days is out of range"),
            (["log", "show", "-a", "jane", "--days"], "-3", "--days is out of range"),
            (
                ["log", "workout", "-a", "bert", "--sport", "running", "--duration"], "-5m",
                "'-5m' is not a duration"
            ),
        ])
    func negativeValues(args: [String], value: String, message: String) throws {
        let s = try ViewsCLITests.scene()
        let separate = try s.run(args + [value], env: Self.now)
        let attached = try s.run(
            Array(args.dropLast()) + ["\(args.last ?? "")=\(value)"], env: Self.now)
        #expect(separate.status == 65 && separate.errorLines.count == 1, "\(separate.stderr)")
        #expect(separate.stderr == attached.stderr)
        #expect(separate.stderr.contains(message), "\(separate.stderr)")
        #expect(!separate.stderr.contains("Missing value"))
    }

    @Test("a flag given a dash value, and an option given no value, are still usage errors")
    func stillRefused() throws {
        let s = try ViewsCLITests.scene()
        let flag = try s.run(["metrics", "-a", "jane", "--json", "-3d"], env: Self.now)
        #expect(flag.status == 64 && flag.errorLines.count == 1, "\(flag.stderr)")
        #expect(flag.stderr.contains("--json"), "\(flag.stderr)")
        let missing = try s.run(["metrics", "-a", "jane", "--date", "--json"], env: Self.now)
        #expect(missing.status == 64, "\(missing.stderr)")
        #expect(missing.stderr.contains("Missing value for '--date"), "\(missing.stderr)")
    }

    @Test(
        "only a dash and a digit after a long option is attached; nothing after --",
        arguments: [
            (["--date", "-3d"], ["--date=-3d"]),
            (["--days", "-3", "--json"], ["--days=-3", "--json"]),
            (["--weekly-change", "-.5kg"], ["--weekly-change=-.5kg"]),
            (["--date", "--json"], ["--date", "--json"]),
            (["--date", "-"], ["--date", "-"]),
            (["-a", "-3"], ["-a", "-3"]),
            (["--date=x", "-3d"], ["--date=x", "-3d"]),
            (["--", "--date", "-3d"], ["--", "--date", "-3d"]),
            (["--date", "-a"], ["--date", "-a"]),
            (["--date"], ["--date"]),
        ])
    func joining(input: [String], output: [String]) {
        #expect(DashValues.joined(input) == output)
    }
}
