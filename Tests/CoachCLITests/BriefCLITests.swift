import Foundation
import Testing

/// Issue 30, item 5 through the binary: `coach brief` and `coach brief --team` on the demo —
/// who needs attention and why in plain words, check-ins, yesterday's missed and today's
/// sessions, body battery and load; `--json` valid against docs/brief.schema.json; exit 3 when
/// anyone needs attention; a one-line status.
@Suite struct BriefCLITests {
    static let now = DemoFeaturesCLITests.now  // 2026-11-18 19:00 Berlin

    static var schemaPath: String { RepoFiles.path("docs/brief.schema.json") }

    static func validator() throws -> JSONSchemaValidator {
        try JSONSchemaValidator(schema: JSONDocument.parse(RepoFiles.read(schemaPath)))
    }

    /// The demo's coach with jane (sore), marco (ill, missed a session) and aiko (fine).
    static func demo() throws -> CoachSandbox {
        let s = try CoachSandbox(clock: now)
        try s.expectOK(s.run(["demo", "--workspace", s.workspace, "--json"]))
        return s
    }

    static func object(_ r: CoachResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    @Test("the team brief names who needs attention and why, and its JSON follows the schema")
    func teamJSON() throws {
        let s = try Self.demo()
        let r = try s.run(["brief", "--team", "--json"])
        #expect(r.status == 3, "exit 3 when anyone needs attention: \(r.stderr)")
        let errors = try Self.validator().errors(JSONDocument.parse(Data(r.stdout.utf8)))
        #expect(errors.isEmpty, "\(errors.prefix(5))")
        let brief = try Self.object(r)
        #expect(brief["format"] as? String == "coach-brief/1")
        #expect(brief["needs_attention"] as? [String] == ["jane", "marco"])
        #expect(brief["not_checked_in"] as? [String] == [])
        #expect(brief["sessions_today"] as? Int == 3)
        let athletes = try #require(brief["athletes"] as? [[String: Any]])
        #expect(athletes.map { $0["handle"] as? String } == ["jane", "marco", "aiko"])
        let marco = athletes[1]
        let reasons = marco["reasons"] as? [String] ?? []
        #expect(reasons.contains("missed Interval run 6x1 km (Tue 2026-11-17)"), "\(reasons)")
        #expect(reasons.contains("possibly ill: HRV low and resting HR high"), "\(reasons)")
        #expect(marco["rest_advised"] as? Bool == true && marco["suggested_load"] is NSNull)
        let missed = try #require(marco["missed_yesterday"] as? [[String: Any]])
        #expect(missed.map { $0["title"] as? String } == ["Interval run 6x1 km"])
        let aiko = athletes[2]
        #expect(aiko["needs_attention"] as? Bool == false && aiko["body_battery"] as? Int == 67)
        let load = try #require(aiko["suggested_load"] as? [String: Double])
        #expect(load["low"].map { $0 < load["high"]! } == true)
        // The team's own table flags the same athletes with the same flags.
        let team = try s.run(["team", "--json"])
        let rows = try #require(
            try ViewsCLITests.list(team))
        for a in athletes {
            let row = rows.first { $0["handle"] as? String == a["handle"] as? String }
            #expect(row?["flags"] as? [String] == a["flags"] as? [String])
            #expect(row?["readiness"] as? Int == a["body_battery"] as? Int)
        }
    }

    @Test(
        "Python's jsonschema (when installed) accepts the brief schema and the brief",
        .enabled(if: (try? RepoFiles.runPython(["-c", "import jsonschema"]).status) == 0))
    func pythonAgrees() throws {
        let s = try Self.demo()
        let file = s.root + "/tmp/brief.json"
        let r = try s.run(["brief", "--team", "--json"])
        try Data(r.stdout.utf8).write(to: URL(fileURLWithPath: file))
        let check = try RepoFiles.runPython([
            "-c",
            """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            v = jsonschema.Draft202012Validator(schema)
            bad = [f"{e.json_path}: {e.message}" for e in v.iter_errors(json.load(open(sys.argv[2])))]
            print("\\n".join(bad[:5])); sys.exit(1 if bad else 0)
            """, Self.schemaPath, file,
        ])
        #expect(check.status == 0, "\(check.output)")
    }

    @Test("the schema refuses a brief that breaks it, so the check can fail")
    func schemaRefuses() throws {
        let s = try Self.demo()
        var brief = try Self.object(try s.run(["brief", "--team", "--json"]))
        brief["format"] = "coach-brief/2"
        var athletes = try #require(brief["athletes"] as? [[String: Any]])
        athletes[0]["body_battery"] = 140
        athletes[0].removeValue(forKey: "reasons")
        brief["athletes"] = athletes
        let broken = try JSONSerialization.data(withJSONObject: brief)
        let errors = try Self.validator().errors(JSONDocument.parse(broken))
        #expect(errors.count == 3, "\(errors)")
    }

    @Test("the text brief is a few lines: a headline, the reasons, check-ins, sessions, battery")
    func teamText() throws {
        let s = try Self.demo()
        let r = try s.run(["brief", "--team"])
        #expect(r.status == 3)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 7, "\(r.stdout)")
        #expect(lines.first == "Brief · Wed 2026-11-18 · 3 athletes, 2 need attention")
        #expect(lines.contains { $0.hasPrefix("⚑ marco") && $0.contains("possibly ill") })
        #expect(lines.contains { $0.hasPrefix("⚑ jane") && $0.contains("sore muscle group") })
        #expect(!lines.contains { $0.contains("aiko") && $0.hasPrefix("⚑") })
        #expect(lines.contains("Missed yesterday: marco Interval run 6x1 km"))
        #expect(lines.contains { $0.hasPrefix("Today (3): ") && $0.contains("Endurance run 1h ✓") })
        #expect(
            lines.last?.hasPrefix("Body battery · load: marco 46 rest day · jane 49 ") == true,
            "\(r.stdout)")
        let status = try s.run(["brief", "--team", "--format", "status"])
        #expect(status.status == 3)
        #expect(
            status.stdout == "⚑ 2 need attention: jane, marco · 3 sessions today (3 done)\n",
            "\(status.stdout)")
    }

    @Test("one athlete's brief: not checked in, today's session undone then done; exit 0 when fine")
    func oneAthlete() throws {
        let s = try Self.demo()
        let aiko = try s.run(["brief", "-a", "aiko"])
        #expect(aiko.status == 0, "\(aiko.stderr)")
        #expect(aiko.stdout.contains("Body battery 67 Threshold/VO2max · suggested load "))
        try s.expectOK(s.run(["athlete", "add", "bert", "--name", "Bert Bauer"]))
        try s.expectOK(
            s.run([
                "plan", "session", "add", "-a", "bert", "--date", "today", "--title", "Easy run",
                "--sport", "running", "--planned-duration", "45m",
            ]))
        // Never checked in is a stale check-in (issue 29): a flag, so the brief asks for attention.
        let before = try s.run(["brief", "-a", "bert"])
        #expect(before.status == 3, "\(before.stderr)")
        #expect(before.stdout.contains("Not checked in yet."), "\(before.stdout)")
        #expect(before.stdout.contains("Today: Easy run 45m\n"), "\(before.stdout)")
        try s.expectOK(
            s.run(["log", "workout", "-a", "bert", "--sport", "running", "--duration", "40m"]))
        let after = try Self.object(try s.run(["brief", "-a", "bert", "--json"]))
        let bert = try #require((after["athletes"] as? [[String: Any]])?.first)
        #expect((bert["today"] as? [[String: Any]])?.first?["done"] as? Bool == true)
        #expect(after["not_checked_in"] as? [String] == ["bert"])
        let team = try Self.object(try s.run(["brief", "--team", "--json"]))
        #expect(team["not_checked_in"] as? [String] == ["bert"])
        #expect(
            try s.run(["brief", "--team", "-a", "bert"]).status == 64,
            "--team and --athlete are one or the other")
    }
}
