import Foundation
import Testing

/// `coach log edit` and `coach export --format csv --out` through the binary.
@Suite struct LogEditExportCLITests {
    static let foodId = "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0007"
    /// `foodId` as the records table holds it: a UUID is stored as its 16 bytes.
    static let foodIdColumn = "X'8f0c2a520f444c449a657e0b6b1c0007'"

    static func scene() throws -> CoachSandbox {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(
            s.run([
                "import", "json", RepoFiles.everyFieldFixture, "--athlete", "jane", "--as",
                "olivia",
            ]))
        return s
    }

    static func entry(_ s: CoachSandbox, _ id: String) throws -> JSONDocument? {
        let export = try JSONDocument.parse(
            Data(try s.expectOK(s.run(["export", "--athlete", "jane"])).stdout.utf8))
        for section in ["wellness", "workouts", "biometrics", "sleep", "food", "steps", "weight"] {
            // Steps days carry no id in the file: their id is "steps-" and the day.
            let matches: (JSONDocument) -> Bool = {
                $0["id"] == .string(id)
                    || (section == "steps" && "steps-" + Self.text($0["day"]) == id)
            }
            if case .array(let items)? = export[section], let hit = items.first(where: matches) {
                return hit
            }
        }
        return nil
    }

    static func text(_ d: JSONDocument?) -> String { if case .string(let t)? = d { t } else { "" } }

    @Test("log edit changes only the given fields, keeps the id, bumps the version and is audited")
    func editFood() throws {
        let s = try Self.scene()
        let before = try #require(try Self.entry(s, Self.foodId))
        let version = try s.sqlite("SELECT version FROM records WHERE id = \(Self.foodIdColumn)")
        let audit = try s.auditEntries()
        let r = try s.expectOK(
            s.run([
                "log", "edit", Self.foodId, "--athlete", "jane", "--kcal", "700", "--note",
                "pasta, more",
            ]))
        #expect(r.stdout.hasPrefix("Edited food \(Self.foodId.prefix(8)) on 2026-11-24: lunch"))
        let after = try #require(try Self.entry(s, Self.foodId))
        #expect(after["kcal"] == .number(700) && after["note"] == .string("pasta, more"))
        for key in ["time", "protein_g", "carbs_g", "fat_g", "meal"] {
            #expect(after[key] == before[key], "\(key) unchanged")
        }
        #expect(
            try s.sqlite("SELECT version FROM records WHERE id = \(Self.foodIdColumn)")
                == String((Int(version) ?? 0) + 1))
        #expect(try s.auditEntries() == audit + 1)
        #expect(try s.sqlite("SELECT COUNT(*) FROM audit WHERE action = 'log.edit'") == "1")
    }

    struct Edit: Sendable, CustomTestStringConvertible {
        let kind: String, id: String, args: [String], field: String, value: JSONDocument
        var testDescription: String { kind }
    }

    @Test(
        "Every log kind can be edited",
        arguments: [
            Edit(
                kind: "wellness", id: "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0003",
                args: ["--mood", "2"], field: "mood", value: .number(2)),
            Edit(
                kind: "workout", id: "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0004",
                args: ["--duration", "1h45m"], field: "elapsed_s", value: .number(6300)),
            Edit(
                kind: "biometric", id: "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0005",
                args: ["--hrv", "70"], field: "value", value: .number(70)),
            Edit(
                kind: "sleep", id: "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0006", args: ["--sleep", "8h"],
                field: "start", value: .string("2026-11-23T22:20:00+01:00")),
            Edit(
                kind: "steps", id: "steps-2026-11-24", args: ["--steps", "15000"], field: "steps",
                value: .number(15000)),
            Edit(
                kind: "weight", id: "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0008",
                args: ["--weight", "60.9kg"], field: "kg", value: .number(60.9)),
        ])
    func editEveryKind(e: Edit) throws {
        let s = try Self.scene()
        try s.expectOK(s.run(["log", "edit", e.id, "--athlete", "jane"] + e.args))
        #expect(try Self.entry(s, e.id)?[e.field] == e.value)
    }

    @Test("log edit echoes the entry in the athlete's units, like every other log echo")
    func editEchoesImperial() throws {
        let s = try Self.scene()
        try s.expectOK(s.run(["athlete", "edit", "jane", "--units", "imperial"]))
        let ride = try s.expectOK(
            s.run([
                "log", "edit", "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0004", "--athlete", "jane",
                "--distance", "10km",
            ])
        ).stdout
        #expect(ride.contains("6.2 mi") && !ride.contains(" km"), "\(ride)")
        let weight = try s.expectOK(
            s.run([
                "log", "edit", "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0008", "--athlete", "jane",
                "--weight", "60.9kg",
            ])
        ).stdout
        #expect(weight.contains("134.3 lb") && !weight.contains("kg"), "\(weight)")
    }

    @Test(
        "export --format csv --out writes a new 0600 file, never replaces one, and leaves no temporary files"
    )
    func csvOut() throws {
        let s = try Self.scene()
        let dir = s.root + "/exports"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let out = dir + "/jane.csv"
        try s.expectOK(
            s.run(["export", "--athlete", "jane", "--format", "csv", "--out", out], umask: "000"))
        #expect(CoachSandbox.mode(out) == 0o600)
        let csv = try #require(try? String(contentsOfFile: out, encoding: .utf8))
        #expect(csv.hasPrefix("kind,id,day,time,end,mood,"))
        #expect(csv.components(separatedBy: "\r\n").filter { $0.hasPrefix("food,") }.count == 2)
        let again = try s.run([
            "export", "--athlete", "jane", "--format", "csv", "--kind", "food", "--out", out,
        ])
        #expect(again.status == 73 && again.stderr.contains("already exists"), "\(again.stderr)")
        #expect(
            try String(contentsOfFile: out, encoding: .utf8) == csv,
            "the existing file is untouched")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir) == ["jane.csv"],
            "no temporary files")
        let food = try s.expectOK(
            s.run(["export", "--athlete", "jane", "--format", "csv", "--kind", "food"])
        ).stdout
        #expect(food.hasPrefix("kind,id,day,time,kcal,protein_g,carbs_g,fat_g,meal,note\r\n"))
    }

    @Test(
        "Bad export options are usage errors",
        arguments: [
            (["--format", "xml"], "--format must be json or csv"),
            (["--kind", "food"], "--kind needs --format csv"),
            (["--format", "csv", "--kind", "week"], "not a log kind"),
        ])
    func badExportOptions(args: [String], message: String) throws {
        let s = try CoachSandbox()
        try s.initialise()
        let r = try s.run(["export", "--athlete", "jane"] + args)
        #expect(
            r.status == 64 && r.stderr.contains(message) && r.errorLines.count == 1, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }
}
