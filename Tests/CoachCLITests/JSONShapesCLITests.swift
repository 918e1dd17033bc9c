import CoachTestSupport
import Foundation
import Testing

/// Issue 30, item 11 through the binary: every `--json` output is an object whose `format`
/// names its shape (`coach-<shape>/1`), every key is snake_case, and the output is valid against
/// the shape's JSON Schema under docs/json/ (the brief's is docs/brief.schema.json).
///
/// One walk over the demo workspace runs a command of every shape; with `COACH_WRITE_SHAPES`
/// set to a folder, each output is also written there (how the schemas were first drafted).
@Suite struct JSONShapesCLITests {
    static let now = DemoFeaturesCLITests.now

    /// The schema file of `shape`.
    static func schemaPath(_ shape: String) -> String {
        shape == "brief"
            ? RepoFiles.path("docs/brief.schema.json")
            : RepoFiles.path("docs/json/coach-\(shape).schema.json")
    }

    /// Whether `key` is snake_case: lower-case letters, digits and underscores. Keys that are
    /// data (muscle groups, metric value names) must follow the rule too.
    static func isSnake(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, ("a"..."z").contains(first) else {
            return false
        }
        return key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }

    /// Every key of `value` that is not snake_case, with its path.
    static func badKeys(_ value: Any, path: String = "") -> [String] {
        if let object = value as? [String: Any] {
            return object.flatMap { key, inner in
                (!isSnake(key) ? ["\(path).\(key)"] : [])
                    + badKeys(inner, path: "\(path).\(key)")
            }
        }
        if let array = value as? [Any] { return array.flatMap { badKeys($0, path: path + "[]") } }
        return []
    }

    /// Runs the walk and returns each shape's checked output.
    final class Walk: @unchecked Sendable {
        let s: CoachSandbox
        var seen: [String: [String: Any]] = [:]
        var count = 0
        let dump = ProcessInfo.processInfo.environment["COACH_WRITE_SHAPES"]

        init() throws {
            s = try CoachSandbox(clock: JSONShapesCLITests.now)
            let demo = try s.run(["demo", "--workspace", s.workspace, "--json"])
            try check("demo", demo, status: 0)
        }

        /// The owner's passphrase file the demo wrote.
        var ownerFile: String { s.workspace + ".owner.passphrase" }

        @discardableResult
        func run(_ shape: String, _ args: [String], status: Int32 = 0) throws -> [String: Any] {
            try check(
                shape, try s.run(args + ["--json"], env: JSONShapesCLITests.now), status: status)
        }

        @discardableResult
        func check(_ shape: String, _ r: CoachResult, status: Int32) throws -> [String: Any] {
            #expect(r.status == status, "\(shape): exit \(r.status) \(r.stderr)")
            if let dump {
                count += 1
                try Data(r.stdout.utf8).write(
                    to: URL(fileURLWithPath: dump).appendingPathComponent("\(shape).\(count).json"))
            }
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
                "\(shape): the top level is an object")
            #expect(object["format"] as? String == "coach-\(shape)/1", "\(shape)")
            #expect(
                JSONShapesCLITests.badKeys(object).isEmpty,
                "\(shape): \(JSONShapesCLITests.badKeys(object))")
            seen[shape] = object
            let path = JSONShapesCLITests.schemaPath(shape)
            guard FileManager.default.fileExists(atPath: path) else {
                Issue.record("\(shape): no schema at \(path)")
                return object
            }
            let schema = try JSONSchemaValidator(schema: JSONDocument.parse(RepoFiles.read(path)))
            let errors = schema.errors(try JSONDocument.parse(Data(r.stdout.utf8)))
            #expect(errors.isEmpty, "\(shape): \(errors.prefix(5))")
            return object
        }
    }

    @Test("every --json shape, from a walk over the demo, is valid against its schema")
    func walk() throws {
        let w = try Walk()
        let owner = ["--as", "owner", "--passphrase-file", w.ownerFile]
        for (shape, args) in [
            ("whoami", ["whoami"]), ("metrics", ["metrics", "-a", "jane"]),
            ("explain", ["explain", "readiness", "-a", "jane"]),
            ("dashboard", ["dashboard", "-a", "jane"]),
            ("trend", ["trend", "-a", "jane", "--metric", "ctl,atl"]),
            ("activity", ["activity", "-a", "jane"]), ("nutrition", ["nutrition", "-a", "jane"]),
            ("biometrics", ["biometrics", "-a", "marco", "--days", "3"]),
            ("log-show", ["log", "show", "-a", "jane", "--days", "3"]),
            ("athlete-list", ["athlete", "list"]), ("athlete", ["athlete", "show", "jane"]),
            ("user-list", ["user", "list"]), ("access-list", ["access", "list"]),
            ("device-list", ["device", "list"]), ("plan-week", ["plan", "week", "-a", "jane"]),
            ("plan-show", ["plan", "show", "-a", "jane"]), ("audit", ["audit"]),
            ("audit-verify", ["audit", "verify"]), ("doctor", ["doctor"]),
            ("plugin-list", ["plugin", "list"]), ("use", ["use", "jane"]),
            ("goal-steps", ["goal", "steps", "9000", "-a", "jane"]),
        ] as [(String, [String])] {
            try w.run(shape, args)
        }
        try w.run("team", ["team"], status: 3)
        try w.run("brief", ["brief", "--team"], status: 3)
        let mood = try w.run("log-entry", ["log", "mood", "4", "-a", "jane", "--doms", "quads=3"])
        let id = try #require(mood["id"] as? String)
        try w.run("log-entry", ["log", "edit", id, "-a", "jane", "--mood", "3"])
        try w.run("log-removed", ["log", "remove", id, "-a", "jane"])
        let added = try w.run(
            "plan-session",
            [
                "plan", "session", "add", "-a", "aiko", "--date", "2026-11-30", "--title", "Easy",
                "--sport", "running", "--planned-duration", "45m",
            ])
        let session = try #require(added["id"] as? String)
        try w.run(
            "plan-session",
            ["plan", "session", "move", session, "-a", "aiko", "--date", "2026-12-01"])
        try w.run(
            "plan-session-removed", ["plan", "session", "remove", session, "-a", "aiko"])
        try w.run("plan-week", ["plan", "week", "-a", "aiko", "--week", "2026-12-07", "--create"])
        try w.run(
            "plan-week-copy",
            ["plan", "week", "copy", "-a", "jane", "--from", "current", "--to", "2026-12-14"])
        try w.run(
            "plan-week-moved",
            ["plan", "week", "move", "-a", "jane", "--from", "2026-12-14", "--to", "2026-12-28"])
        try w.run(
            "plan-week-removed", ["plan", "week", "remove", "-a", "jane", "--week", "2026-12-28"])
        let csv = w.s.root + "/tmp/plan.csv"
        try Data("date,title\n2026-12-22,Threshold\n".utf8).write(to: URL(fileURLWithPath: csv))
        try w.run("plan-import", ["plan", "import", csv, "-a", "jane"])
        let moods = w.s.root + "/tmp/moods.csv"
        try Data("day,mood\n2026-11-10,4\n2026-11-11,inf\n".utf8).write(
            to: URL(fileURLWithPath: moods))
        try w.run("import", ["import", moods, "--athlete", "aiko", "--skip-bad", "--dry-run"])
        let export = try w.s.expectOK(w.s.run(["export", "-a", "aiko"], env: Self.now))
        let file = w.s.root + "/tmp/aiko.json"
        try Data(export.stdout.utf8).write(to: URL(fileURLWithPath: file))
        try w.run("import-json", ["import", "json", file, "-a", "aiko", "--dry-run"])
        try w.run("athlete-added", ["athlete", "add", "bert", "--name", "Bert Bauer"])
        let roster = w.s.root + "/tmp/roster.csv"
        try Data("handle,name\ncara,Cara Diaz\n".utf8).write(to: URL(fileURLWithPath: roster))
        try w.run("athlete-import", ["athlete", "import", roster])
        try w.run("athlete", ["athlete", "edit", "bert", "--ftp", "250"])
        try w.run("access-granted", ["access", "grant", "-a", "bert", "--to", "coach"] + owner)
        try w.run("access-revoked", ["access", "revoke", "-a", "bert", "--from", "coach"] + owner)
        let newPass = try w.s.secretFile("dana", "correct horse battery staple dana 42")
        try w.run(
            "user-added",
            ["user", "add", "dana", "--role", "coach", "--new-passphrase-file", newPass] + owner)
        try w.run(
            "enrolment",
            ["user", "add", "cara", "--role", "athlete", "-a", "cara", "--enrolment-code"] + owner)
        try w.run("user-disabled", ["user", "disable", "dana", "--yes"] + owner)
        let lab = try PluginLab()
        let plugin = try lab.copy(
            RepoFiles.path("Examples/python/coach-metric-monotony"), as: "coach-metric-monotony")
        try w.run("plugin-added", ["plugin", "add", plugin, "--yes"] + owner)
        try w.run("plugin-info", ["plugin", "info", "monotony"])
        try w.run("plugin-check", ["plugin", "check", "monotony"])
        let devices = try #require(w.seen["device-list"]?["devices"] as? [[String: Any]])
        let coach = try #require(devices.first { $0["user"] as? String == "coach" }?["id"])
        try w.run("device-revoked", ["device", "revoke", "\(coach)"] + owner)
        // Again with athletes who have no data yet, so optional keys are seen absent.
        try w.run("team", ["team"] + owner, status: 3)
        try w.run("athlete-list", ["athlete", "list"] + owner)
        try w.run("dashboard", ["dashboard", "-a", "bert"] + owner)
        try w.run("metrics", ["metrics", "-a", "bert"] + owner)
        try w.run("nutrition", ["nutrition", "-a", "bert"] + owner)
        try w.run("plan-week", ["plan", "week", "-a", "bert"] + owner)
        try w.run("log-show", ["log", "show", "-a", "bert"] + owner)
        try w.run("activity", ["activity", "-a", "bert"] + owner)
        try w.run("athlete", ["athlete", "show", "cara"] + owner)
        let missing = Self.shapesInSources().subtracting(w.seen.keys)
        #expect(missing.isEmpty, "shapes the walk did not print: \(missing)")
    }

    /// Every `shape: "…"` named in Sources/CoachCLI.
    static func shapesInSources() -> Set<String> {
        let folder = RepoFiles.path("Sources/CoachCLI")
        var out = Set<String>()
        let files = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
        for f in files where f.hasSuffix(".swift") {
            let text = (try? String(contentsOfFile: folder + "/" + f, encoding: .utf8)) ?? ""
            for m in text.matches(of: /shape: "([a-z-]+)"/) { out.insert(String(m.1)) }
        }
        return out
    }

    @Test(
        "Python's jsonschema (when installed) accepts every schema as Draft 2020-12",
        .enabled(if: (try? RepoFiles.runPython(["-c", "import jsonschema"]).status) == 0))
    func pythonAccepts() throws {
        let check = try RepoFiles.runPython([
            "-c",
            """
            import glob, json, sys, jsonschema
            bad = []
            for f in sorted(glob.glob(sys.argv[1] + "/*.schema.json")):
                try: jsonschema.Draft202012Validator.check_schema(json.load(open(f)))
                except Exception as e: bad.append(f + ": " + str(e)[:200])
            print("\\n".join(bad)); sys.exit(1 if bad else 0)
            """, RepoFiles.path("docs/json"),
        ])
        #expect(check.status == 0, "\(check.output)")
    }

    @Test("every shape the CLI prints has a schema file, and every schema file a shape")
    func everyShapeHasSchema() throws {
        let shapes = Self.shapesInSources()
        #expect(shapes.count >= 40, "\(shapes.count) shapes found")
        for shape in shapes {
            #expect(FileManager.default.fileExists(atPath: Self.schemaPath(shape)), "\(shape)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: RepoFiles.path("docs/json"))
        for file in files where file.hasSuffix(".schema.json") {
            let shape = String(file.dropFirst("coach-".count).dropLast(".schema.json".count))
            #expect(shapes.contains(shape), "\(file) names no shape the CLI prints")
        }
    }
}

/// The schemas are not a formality: each refuses an output that breaks its shape.
@Suite struct JSONShapeSchemaTests {
    @Test(
        "the team schema refuses a camelCase key, a missing format, another format and an array",
        arguments: [
            #"{"format":"coach-team/1","athletes":[{"handle":"a","lastCheckIn":"2026-11-18"}]}"#,
            #"{"athletes":[]}"#, #"{"format":"coach-team/2","athletes":[]}"#, #"[]"#,
            #"{"format":"coach-team/1","athletes":[{"name":"no handle"}]}"#,
        ])
    func refuses(output: String) throws {
        let schema = try JSONSchemaValidator(
            schema: JSONDocument.parse(
                RepoFiles.read(JSONShapesCLITests.schemaPath("team"))))
        #expect(!schema.errors(try JSONDocument.parse(Data(output.utf8))).isEmpty, "\(output)")
    }
}
