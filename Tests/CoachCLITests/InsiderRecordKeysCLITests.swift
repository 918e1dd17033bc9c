import Foundation
import Testing

/// Record rows name their athlete by a small integer (`athletes.num`) and hold UUID ids as
/// bytes (migration v12). An insider who edits that mapping or the ids with sqlite3 gets a
/// tampering report (exit 74) from the next command that reads the rows, never another
/// athlete's entries or one entry under another's id.
@Suite struct InsiderRecordKeysCLITests {
    static let now = ["COACH_NOW": "2026-11-20T18:00:00+01:00"]

    /// jane and bert, each with two moods whose notes name them.
    static func sandbox() throws -> CoachSandbox {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise()
        try s.expectOK(
            s.run(["athlete", "add", "bert", "--name", "Bert Bauer", "--as", "olivia"], env: now))
        for who in ["jane", "bert"] {
            for (i, day) in ["2026-11-17", "2026-11-19"].enumerated() {
                try s.expectOK(
                    s.run(
                        [
                            "log", "mood", "\(i + 3)", "--athlete", who, "--date", day, "--note",
                            "\(who) note \(i)", "--as", "olivia",
                        ], env: now))
            }
        }
        return s
    }

    /// The integer key of an athlete's rows, by handle (jane was added first).
    static func num(_ s: CoachSandbox, _ handle: String) throws -> String {
        let ids = try s.sqlite("SELECT id FROM athletes ORDER BY num").split(separator: "\n")
        return try num(s, id: String(ids[handle == "jane" ? 0 : 1]))
    }

    /// The integer key of the athlete with the text id `id`.
    static func num(_ s: CoachSandbox, id: String) throws -> String {
        try s.sqlite("SELECT num FROM athletes WHERE id = '\(id)'")
    }

    /// `log show` of jane: exit 74 with one line, and none of bert's notes anywhere.
    static func expectTampered(_ s: CoachSandbox, _ attack: String) throws {
        let r = try s.run(
            ["log", "show", "--athlete", "jane", "--days", "14", "--as", "olivia"], env: now)
        #expect(r.status == 74, "\(attack): gave \(r.status): \(r.stdout) \(r.stderr)")
        #expect(
            r.errorLines.count == 1 && r.stderr.contains("integrity"), "\(attack): \(r.stderr)")
        #expect(!(r.stdout + r.stderr).contains("bert note"), "\(attack): \(r.stdout)")
        #expect(!r.stdout.contains("jane note"), "\(attack): \(r.stdout)")
    }

    @Test("Before any edit, log show lists jane's own entries (the control)")
    func control() throws {
        let s = try Self.sandbox()
        let show = ["log", "show", "--athlete", "jane", "--days", "14", "--as", "olivia"]
        let r = try s.expectOK(s.run(show, env: Self.now))
        #expect(r.stdout.contains("jane note 0") && r.stdout.contains("jane note 1"))
        #expect(!r.stdout.contains("bert note"))
        #expect(
            try s.sqlite("SELECT COUNT(*) FROM records WHERE typeof(id) = 'blob'") == "4",
            "the moods' UUID ids are stored as bytes")
    }

    @Test("Swapping two athletes' integer keys is tampering, not the other's entries")
    func swappedAthleteKeys() throws {
        let s = try Self.sandbox()
        let janeId = try s.sqlite("SELECT id FROM athletes ORDER BY num LIMIT 1")
        let jane = try Self.num(s, "jane"), bert = try Self.num(s, "bert")
        _ = try s.sqlite(
            """
            UPDATE athletes SET num = -num;
            UPDATE athletes SET num = CASE num WHEN -\(jane) THEN \(bert) ELSE \(jane) END;
            """)
        #expect(try Self.num(s, id: janeId) == bert, "the edit took")
        try Self.expectTampered(s, "swapped keys")
    }

    @Test("Moving another athlete's rows under an athlete's key is tampering")
    func movedRows() throws {
        let s = try Self.sandbox()
        let jane = try Self.num(s, "jane"), bert = try Self.num(s, "bert")
        _ = try s.sqlite(
            """
            DELETE FROM records WHERE athlete_num = \(jane);
            UPDATE records SET athlete_num = \(jane) WHERE athlete_num = \(bert);
            """)
        try Self.expectTampered(s, "moved rows")
    }

    @Test("Swapping the stored ids of two of an athlete's entries is tampering")
    func swappedIds() throws {
        let s = try Self.sandbox()
        let jane = try Self.num(s, "jane")
        let ids = try s.sqlite(
            "SELECT hex(id) FROM records WHERE athlete_num = \(jane) AND kind = 'wellness'"
        ).split(separator: "\n")
        try #require(ids.count == 2)
        _ = try s.sqlite(
            """
            UPDATE records SET id = X'00' WHERE athlete_num = \(jane) AND id = X'\(ids[0])';
            UPDATE records SET id = X'\(ids[0])' WHERE athlete_num = \(jane) AND id = X'\(ids[1])';
            UPDATE records SET id = X'\(ids[1])' WHERE athlete_num = \(jane) AND id = X'00';
            """)
        try Self.expectTampered(s, "swapped ids")
    }
}
