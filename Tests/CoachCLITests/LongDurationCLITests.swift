import Foundation
import Testing

/// Issue 30, item 6 through the binary: a duration longer than its activity plausibly lasts is
/// refused (without a terminal) or asked about (on one), saying how it was read; nothing is
/// stored unless it is confirmed.
@Suite struct LongDurationCLITests {
    static let now = ["COACH_NOW": "2026-11-20T18:00:00+01:00"]

    static func scene() throws -> CoachSandbox {
        let s = try CoachSandbox(clock: now)
        try s.initialise()
        return s
    }

    /// The athlete's entries of `kind` over the last week, as JSON objects.
    static func entries(_ s: CoachSandbox, kind: String) throws -> [[String: Any]] {
        let r = try s.expectOK(
            s.run(["log", "show", "-a", "jane", "--kind", kind, "--days", "7", "--json"]))
        return try #require(
            try ViewsCLITests.list(r))
    }

    static func elapsed(_ entry: [String: Any]) -> Double? {
        (entry["entry"] as? [String: Any])?["elapsed_s"] as? Double
    }

    @Test(
        "a workout beyond the sport's plausible length is refused, saying how it was read",
        arguments: [
            ("45:00", "running", "--duration 45:00 read as 45h (h:mm)", "--duration 45m?"),
            ("2700", "running", "--duration 2700 read as 2700 minutes (45h)", "--duration 45m?"),
            ("30h", "running", "--duration 30h is longer than a running workout", nil),
            ("5h", "strength", "plausibly lasts (at most 4h)", nil),
        ])
    func refused(duration: String, sport: String, read: String, meant: String?) throws {
        let s = try Self.scene()
        let r = try s.run([
            "log", "workout", "-a", "jane", "--sport", sport, "--duration", duration,
        ])
        #expect(r.status == 65 && r.errorLines.count == 1, "\(r.status) \(r.stderr)")
        #expect(r.stderr.contains(read), "\(r.stderr)")
        #expect(r.stderr.contains("add --yes"), "\(r.stderr)")
        if let meant { #expect(r.stderr.contains("Did you mean \(meant)"), "\(r.stderr)") }
        #expect(try Self.entries(s, kind: "workout").isEmpty, "nothing was stored")
    }

    @Test("a plausible duration is stored as read; --yes stores a long one")
    func stored() throws {
        let s = try Self.scene()
        try s.expectOK(
            s.run(["log", "workout", "-a", "jane", "--sport", "running", "--duration", "1:30"]))
        try s.expectOK(
            s.run([
                "log", "workout", "-a", "jane", "--sport", "cycling", "--duration", "15h",
            ]))
        try s.expectOK(
            s.run([
                "log", "workout", "-a", "jane", "--sport", "running", "--duration", "30h",
                "--yes",
            ]))
        let seconds = try Self.entries(s, kind: "workout").compactMap(Self.elapsed).sorted()
        #expect(seconds == [5400, 54_000, 108_000])
    }

    @Test("log edit, log biometrics --sleep and plan session add check their durations too")
    func otherInputs() throws {
        let s = try Self.scene()
        try s.expectOK(
            s.run(["log", "workout", "-a", "jane", "--sport", "running", "--duration", "45m"]))
        let id = try #require(try Self.entries(s, kind: "workout").first?["id"] as? String)
        let edit = try s.run(["log", "edit", id, "-a", "jane", "--duration", "45:00"])
        #expect(edit.status == 65 && edit.stderr.contains("Did you mean --duration 45m?"))
        #expect(try Self.entries(s, kind: "workout").compactMap(Self.elapsed) == [2700])
        try s.expectOK(s.run(["log", "edit", id, "-a", "jane", "--duration", "13h", "--yes"]))
        #expect(try Self.entries(s, kind: "workout").compactMap(Self.elapsed) == [46_800])

        let sleep = try s.run(["log", "biometrics", "-a", "jane", "--hrv", "60", "--sleep", "20h"])
        #expect(sleep.status == 65 && sleep.stderr.contains("--sleep 20h is longer than a night"))
        #expect(try Self.entries(s, kind: "biometric").isEmpty, "the HRV was not stored either")
        #expect(try Self.entries(s, kind: "sleep").isEmpty)

        let plan = try s.run([
            "plan", "session", "add", "-a", "jane", "--date", "2026-11-21", "--title", "Swim",
            "--sport", "swimming", "--planned-duration", "10:00",
        ])
        #expect(plan.status == 65, "\(plan.stderr)")
        #expect(
            plan.stderr.contains("--planned-duration 10:00 read as 10h (h:mm)")
                && plan.stderr.contains("Did you mean --planned-duration 10m?"), "\(plan.stderr)")
        let week = try s.expectOK(s.run(["plan", "week", "-a", "jane", "--json"]))
        #expect(!week.stdout.contains("Swim"))
    }

    @Test("on a terminal the question says how it was read; no stores nothing, yes stores it")
    func asked() throws {
        let s = try Self.scene()
        let terminal = PtySteps(sandbox: s)
        let command = "coach log workout -a jane --sport running --duration 45:00"
        let prompt = [["Store 45h anyway\\? \\[y/N\\]", "n"]]
        let declined = try terminal.run(command, answers: prompt)
        #expect(declined.status == 1, "\(declined.output)")
        #expect(
            declined.output.contains("--duration 45:00 read as 45h (h:mm)")
                && declined.output.contains("Did you mean --duration 45m?")
                && declined.output.contains("Aborted; nothing was changed."), "\(declined.output)")
        #expect(try Self.entries(s, kind: "workout").isEmpty)
        let accepted = try terminal.run(command, answers: [["\\[y/N\\]", "y"]])
        #expect(accepted.status == 0 && accepted.output.contains("Logged"), "\(accepted.output)")
        #expect(try Self.entries(s, kind: "workout").compactMap(Self.elapsed) == [162_000])
    }
}
