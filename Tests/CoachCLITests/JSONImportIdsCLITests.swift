import Foundation
import Testing

/// Issue 31, item 4 through the binary: ids written in a `coach import json` file never reach
/// the workspace's files as written, so someone who reads the files without the athlete's
/// current key learns nothing from them; dedupe still holds across imports and key rotations.
@Suite struct JSONImportIdsCLITests {
    static let now = ["COACH_NOW": "2026-11-20T18:00:00+01:00"]
    static let secret = "ACL-tear-rehab"

    /// A file whose ids (and a planned session's link) say what happened to the athlete.
    static func file(_ s: CoachSandbox, handle: String) throws -> String {
        let json = """
            {"format": "coach/1", "athlete": {"handle": "\(handle)", "time_zone": "Europe/Berlin"},
             "workouts": [{"id": "\(secret)-ride", "sport": "cycling",
               "start": "2026-11-16T07:00:00+01:00", "elapsed_s": 3600}],
             "wellness": [{"id": "\(secret)-mood", "day": "2026-11-16", "mood": 3}],
             "weeks": [{"id": "\(secret)-week", "start": "2026-11-16", "sessions": [
               {"id": "s1", "date": "2026-11-16", "order": 0, "title": "Easy spin",
                "sport": "cycling", "linked_workout": "\(secret)-ride", "origin": "coach"}]}]}
            """
        let dir = s.root + "/input"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/\(handle).json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The attacker: every file of the sandbox (workspace, its journal, state, runtime) but
    /// the input file, searched for `needle`.
    static func filesHolding(_ s: CoachSandbox, _ needle: String) -> [String] {
        let fm = FileManager.default
        let bytes = Data(needle.utf8)
        var hits: [String] = []
        for case let relative as String in fm.enumerator(atPath: s.root) ?? .init()
        where !relative.hasPrefix("input") {
            let path = s.root + "/" + relative
            guard let data = fm.contents(atPath: path) else { continue }
            if data.range(of: bytes) != nil { hits.append(relative) }
        }
        return hits
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `export --athlete handle` as JSON.
    static func export(_ s: CoachSandbox, _ handle: String) throws -> [String: Any] {
        try object(try s.expectOK(s.run(["export", "--athlete", handle], env: now)).stdout)
    }

    @Test("The workspace's files never hold an imported id as written; links follow the workout")
    func attacker() throws {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise()
        try s.expectOK(
            s.run(["import", "json", try Self.file(s, handle: "jane"), "--athlete", "jane"]))
        #expect(Self.filesHolding(s, Self.secret) == [], "the written ids are in the files")
        let data = try Self.export(s, "jane")
        let workouts = try #require(data["workouts"] as? [[String: Any]])
        let ride = try #require(workouts.first?["id"] as? String)
        #expect(!ride.contains(Self.secret))
        let week = try #require((data["weeks"] as? [[String: Any]])?.first)
        let session = try #require((week["sessions"] as? [[String: Any]])?.first)
        #expect(session["linked_workout"] as? String == ride)
    }

    @Test("import json --create keys the new athlete first: no id as written in the files")
    func create() throws {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise()
        try s.expectOK(s.run(["import", "json", try Self.file(s, handle: "ana"), "--create"]))
        #expect(Self.filesHolding(s, Self.secret) == [], "the written ids are in the files")
        #expect((try Self.export(s, "ana")["workouts"] as? [Any])?.count == 1)
    }

    @Test("The same file again, after a key rotation too, and an export re-imported add nothing")
    func dedupe() throws {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise()
        let file = try Self.file(s, handle: "jane")
        let carl = try s.secretFile("carl", "carl's passphrase 12345")
        try s.expectOK(
            s.run(["user", "add", "carl", "--role", "coach", "--new-passphrase-file", carl]))
        for _ in 0..<2 { try s.expectOK(s.run(["import", "json", file, "--athlete", "jane"])) }
        // A rotation: ids under the new key differ, the earlier ones are aliases.
        try s.expectOK(s.run(["access", "grant", "--athlete", "jane", "--to", "carl"]))
        try s.expectOK(s.run(["access", "revoke", "--athlete", "jane", "--from", "carl"]))
        try s.expectOK(s.run(["import", "json", file, "--athlete", "jane"]))
        let exported = s.root + "/input/export.json"
        let text = try s.expectOK(s.run(["export", "--athlete", "jane"])).stdout
        try Data(text.utf8).write(to: URL(fileURLWithPath: exported))
        let again = try s.expectOK(
            s.run(["import", "json", exported, "--athlete", "jane", "--json"]))
        let summary = try Self.object(again.stdout)
        #expect(summary["added"] as? Int == 0 && summary["updated"] as? Int == 0, "\(summary)")
        let data = try Self.export(s, "jane")
        for section in ["workouts", "wellness", "weeks"] {
            #expect((data[section] as? [Any])?.count == 1, "\(section): one copy")
        }
        #expect(Self.filesHolding(s, Self.secret) == [])
    }

    @Test("plan import gives a week whose file id could say something a fresh id")
    func planImport() throws {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise()
        let plan = """
            {"format": "coach-plan/1", "athlete": "jane", "weeks": [{"id": "\(Self.secret)-week",
             "start": "2026-11-23", "sessions": [{"id": "s1", "date": "2026-11-24", "order": 0,
             "title": "Easy spin", "sport": "cycling", "origin": "coach"}]}]}
            """
        let dir = s.root + "/input"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(plan.utf8).write(to: URL(fileURLWithPath: dir + "/plan.json"))
        for _ in 0..<2 {
            try s.expectOK(s.run(["plan", "import", dir + "/plan.json", "--athlete", "jane"]))
        }
        #expect(Self.filesHolding(s, Self.secret) == [], "the week's written id is in the files")
        #expect((try Self.export(s, "jane")["weeks"] as? [Any])?.count == 1)
    }

    @Test("A CSV's id column is stored as a keyed hash; the same rows again add nothing")
    func csvIds() throws {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise()
        let dir = s.root + "/input"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let csv = dir + "/moods.csv"
        for mood in [3, 3, 4] {
            let text = "kind,id,day,mood\nwellness,\(Self.secret)-m1,2026-11-16,\(mood)\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: csv))
            try s.expectOK(s.run(["import", csv, "--athlete", "jane"]))
        }
        #expect(Self.filesHolding(s, Self.secret) == [], "the CSV's written id is in the files")
        let wellness = try #require(try Self.export(s, "jane")["wellness"] as? [[String: Any]])
        #expect(wellness.count == 1 && wellness.first?["mood"] as? Int == 4, "\(wellness)")
    }
}
