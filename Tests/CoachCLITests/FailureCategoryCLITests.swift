import Foundation
import Testing

/// One failure, one exit code, whatever the path: the category of a failure decides the code
/// in one place.
@Suite struct FailureCategoryCLITests {
    static let now = ["COACH_NOW": "2026-11-25T12:00:00+01:00"]

    static func dataset(_ id: String, kind: String) -> String {
        let record =
            kind == "wellness"
            ? #"{"id": "\#(id)", "day": "2026-11-24", "mood": 4}"#
            : #"{"id": "\#(id)", "time": "2026-11-24T12:30:00+01:00", "kcal": 650}"#
        let key = kind == "wellness" ? "wellness" : "food"
        return #"{"format": "coach/1", "athlete": {"handle": "jane"}, "\#(key)": [\#(record)]}"#
    }

    @Test("An id that names a record of another kind is a conflict (73) on every import path")
    func kindClashIsOneFailure() throws {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise()
        let id = "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0aaa"
        let mood = try s.secretFile("mood.json", Self.dataset(id, kind: "wellness"))
        let food = try s.secretFile("food.json", Self.dataset(id, kind: "food"))
        try s.expectOK(s.run(["import", "json", mood, "--athlete", "jane"]))
        let before = try s.auditEntries()
        for extra in [["--dry-run"], []] {
            let r = try s.run(["import", "json", food, "--athlete", "jane"] + extra)
            #expect(r.status == 73, "\(extra): \(r.stderr)")
            #expect(r.stderr.contains("already belongs to a wellness record"), "\(r.stderr)")
            #expect(r.errorLines.count == 1)
        }
        #expect(try s.auditEntries() == before, "nothing was written")
    }
}
