import Foundation
import Testing

/// docs/format.schema.json describes what `coach export --format json` writes: real exports of a
/// generated multi-month athlete and of a hand-made athlete using every optional field validate
/// (with the in-repo validator always, and with Python's jsonschema when it is installed), and
/// documents that break the schema are rejected, so the check can fail.
@Suite struct FormatSchemaCLITests {
    static func validator() throws -> JSONSchemaValidator {
        try JSONSchemaValidator(schema: JSONDocument.parse(RepoFiles.read(RepoFiles.schemaPath)))
    }

    /// Exports of the two datasets, each made by importing the file into a fresh workspace.
    static func exports(_ s: CoachSandbox) throws -> [String] {
        try s.initialise(athlete: nil)
        let generated = try RepoFiles.generatedDataset(in: s, days: 75)
        return [
            try RepoFiles.importAndExport(s, file: generated, handle: "gen"),
            try RepoFiles.importAndExport(s, file: RepoFiles.everyFieldFixture, handle: "full"),
        ]
    }

    @Test(
        "Exports of a generated athlete and of an every-field athlete validate against the schema")
    func exportsValidate() throws {
        let s = try CoachSandbox()
        let v = try Self.validator()
        for file in try Self.exports(s) {
            let errors = v.errors(try JSONDocument.parse(RepoFiles.read(file)))
            #expect(errors.isEmpty, "\(file): \(errors.prefix(5))")
        }
    }

    @Test(
        "Python's jsonschema (when installed) accepts the schema as draft 2020-12 and the exports",
        .enabled(if: (try? RepoFiles.runPython(["-c", "import jsonschema"]).status) == 0))
    func pythonJSONSchemaAgrees() throws {
        let s = try CoachSandbox()
        let files = try Self.exports(s)
        let r = try RepoFiles.runPython(
            [
                "-c",
                """
                import json, sys, jsonschema
                schema = json.load(open(sys.argv[1]))
                jsonschema.Draft202012Validator.check_schema(schema)
                v = jsonschema.Draft202012Validator(schema)
                bad = [f"{f}: {e.json_path}: {e.message}" for f in sys.argv[2:] for e in v.iter_errors(json.load(open(f)))]
                print("\\n".join(bad[:5])); sys.exit(1 if bad else 0)
                """, RepoFiles.schemaPath,
            ] + files)
        #expect(r.status == 0, "\(r.output)")
    }

    @Test("The every-field export uses every property name the schema defines")
    func everyFieldCoversSchema() throws {
        let s = try CoachSandbox()
        try s.initialise(athlete: nil)
        let export = try JSONDocument.parse(
            RepoFiles.read(
                RepoFiles.importAndExport(s, file: RepoFiles.everyFieldFixture, handle: "full")))
        func schemaNames(_ d: JSONDocument) -> Set<String> {
            switch d {
            case .object(let o):
                var names = Set<String>()
                if case .object(let props)? = o["properties"] { names.formUnion(props.keys) }
                for v in o.values { names.formUnion(schemaNames(v)) }
                return names
            case .array(let a):
                return a.reduce(into: Set<String>()) { $0.formUnion(schemaNames($1)) }
            default: return []
            }
        }
        func keys(_ d: JSONDocument) -> Set<String> {
            switch d {
            case .object(let o): return o.reduce(into: Set(o.keys)) { $0.formUnion(keys($1.value)) }
            case .array(let a): return a.reduce(into: Set<String>()) { $0.formUnion(keys($1)) }
            default: return []
            }
        }
        let missing = schemaNames(try Self.validator().root).subtracting(keys(export))
        #expect(missing.isEmpty, "fields the fixture does not exercise: \(missing.sorted())")
    }

    /// One way to break a valid export: set (or, with nil, remove) the value at a path.
    struct Breakage: Sendable, CustomTestStringConvertible {
        let name: String
        let path: [String]
        let json: String?
        let expected: String
        var testDescription: String { name }
    }

    static let breakages: [Breakage] = [
        Breakage(
            name: "missing athlete handle", path: ["athlete", "handle"], json: nil,
            expected: "missing required 'handle'"),
        Breakage(
            name: "missing food kcal", path: ["food", "0", "kcal"], json: nil,
            expected: "missing required 'kcal'"),
        Breakage(
            name: "missing format", path: ["format"], json: nil,
            expected: "missing required 'format'"),
        Breakage(
            name: "mood as a string", path: ["wellness", "0", "mood"], json: "\"four\"",
            expected: "expected integer"),
        Breakage(
            name: "fractional steps", path: ["steps", "0", "steps"], json: "100.5",
            expected: "expected integer"),
        Breakage(
            name: "workouts not an array", path: ["workouts"], json: "{}",
            expected: "expected array"),
        Breakage(
            name: "additional top-level section", path: ["extras"], json: "[]",
            expected: "additional property 'extras'"),
        Breakage(
            name: "additional workout field", path: ["workouts", "0", "watts"], json: "200",
            expected: "additional property 'watts'"),
        Breakage(
            name: "unknown sport", path: ["workouts", "0", "sport"], json: "\"curling\"",
            expected: "not one of the allowed values"),
        Breakage(
            name: "unknown muscle group", path: ["wellness", "0", "doms", "glutez"], json: "3",
            expected: "additional property 'glutez'"),
        Breakage(
            name: "other format tag", path: ["format"], json: "\"coach/2\"", expected: "must be"),
        Breakage(
            name: "day not YYYY-MM-DD", path: ["wellness", "0", "day"], json: "\"24.11.2026\"",
            expected: "does not match"),
        Breakage(
            name: "instant without offset", path: ["food", "0", "time"],
            json: "\"2026-11-24T12:30:00\"", expected: "does not match"),
        Breakage(
            name: "mood above 5", path: ["wellness", "0", "mood"], json: "6",
            expected: "above the maximum"),
        Breakage(
            name: "negative kcal", path: ["food", "0", "kcal"], json: "-1",
            expected: "below the minimum"),
        Breakage(
            name: "empty id", path: ["weight", "0", "id"], json: "\"\"", expected: "shorter than 1"),
    ]

    @Test("Documents that break the schema are rejected", arguments: breakages)
    func brokenDocumentsFail(b: Breakage) throws {
        let valid = try JSONDocument.parse(RepoFiles.read(RepoFiles.everyFieldFixture))
        let v = try Self.validator()
        #expect(v.errors(valid).isEmpty, "the starting document is valid")
        let broken = Self.setting(
            valid, b.path, try b.json.map { try JSONDocument.parse(Data($0.utf8)) })
        let errors = v.errors(broken)
        #expect(errors.contains { $0.contains(b.expected) }, "\(b.name): \(errors)")
    }

    @Test("The validator refuses schemas with keywords it does not implement")
    func unknownKeywordRefused() throws {
        let schema = try JSONDocument.parse(
            Data(#"{"type": "object", "patternProperties": {"^x": {"type": "string"}}}"#.utf8))
        #expect(throws: JSONSchemaValidator.UnsupportedKeyword.self) {
            try JSONSchemaValidator(schema: schema)
        }
    }

    static func setting(_ d: JSONDocument, _ path: [String], _ value: JSONDocument?) -> JSONDocument
    {
        guard let key = path.first else { return value ?? .null }
        switch d {
        case .object(var o):
            if path.count == 1, value == nil {
                o.removeValue(forKey: key)
            } else {
                o[key] = setting(o[key] ?? .object([:]), Array(path.dropFirst()), value)
            }
            return .object(o)
        case .array(var a):
            if let i = Int(key), a.indices.contains(i) {
                a[i] = setting(a[i], Array(path.dropFirst()), value)
            }
            return .array(a)
        default: return d
        }
    }
}
