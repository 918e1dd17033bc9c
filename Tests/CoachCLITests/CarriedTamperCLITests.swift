import Foundation
import Testing

/// A carried state altered in the file (issue 18) — swapped between athletes, rolled back to an
/// older sealed copy, truncated — is reported as tampering (exit 74), never used.
@Suite struct CarriedTamperCLITests {
    static let now = ["COACH_NOW": "2026-11-20T18:00:00+01:00"]

    /// jane and bert, each with a few weeks of workouts and moods, and a carried state each
    /// (written by their first view).
    static func sandbox() throws -> (CoachSandbox, jane: String, bert: String) {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise()
        try s.expectOK(
            s.run(["athlete", "add", "bert", "--name", "Bert Bauer", "--as", "olivia"], env: now))
        for who in ["jane", "bert"] {
            for day in ["2026-09-14", "2026-09-30", "2026-10-12", "2026-11-02", "2026-11-18"] {
                try s.expectOK(
                    s.run(
                        [
                            "log", "workout", "--athlete", who, "--date", day, "--sport", "running",
                            "--duration", "45m", "--rpe", "6", "--as", "olivia",
                        ], env: now))
                try s.expectOK(
                    s.run(
                        ["log", "mood", "4", "--athlete", who, "--date", day, "--as", "olivia"],
                        env: now))
            }
            try s.expectOK(s.run(["metrics", "--athlete", who, "--as", "olivia"], env: now))
        }
        let ids = try s.sqlite("SELECT id FROM athletes ORDER BY rowid").split(separator: "\n")
        #expect(try s.sqlite("SELECT COUNT(*) FROM carried_states") == "2")
        return (s, String(ids[0]), String(ids[1]))
    }

    /// Every view of `who` exits 74 with one line naming the damage.
    static func expectTampered(_ s: CoachSandbox, _ who: String, _ attack: String) throws {
        for args in [
            ["metrics", "--athlete", who], ["dashboard", "--athlete", who], ["team"],
        ] {
            let r = try s.run(args + ["--as", "olivia"], env: now)
            #expect(
                r.status == 74,
                "\(attack): coach \(args.joined(separator: " ")) gave \(r.status): \(r.stderr)")
            #expect(
                r.errorLines.count == 1 && r.stderr.contains("integrity"), "\(attack): \(r.stderr)")
        }
    }

    @Test("A carried state copied onto another athlete is reported, not used")
    func swapped() throws {
        let (s, jane, bert) = try Self.sandbox()
        _ = try s.sqlite(
            """
            UPDATE carried_states SET (as_of, epoch, nonce, ciphertext) =
                (SELECT as_of, epoch, nonce, ciphertext FROM carried_states WHERE athlete_id = '\(jane)')
            WHERE athlete_id = '\(bert)';
            """)
        try Self.expectTampered(s, "bert", "swapped")
    }

    @Test("A carried state cut short is reported, not used")
    func truncated() throws {
        let (s, jane, _) = try Self.sandbox()
        _ = try s.sqlite(
            """
            UPDATE carried_states SET ciphertext = substr(ciphertext, 1, length(ciphertext) - 1)
            WHERE athlete_id = '\(jane)';
            """)
        try Self.expectTampered(s, "jane", "truncated")
    }

    @Test("A carried state rolled back to a copy from before a back-dated log is reported")
    func rolledBack() throws {
        let (s, jane, _) = try Self.sandbox()
        let old = try s.sqlite(
            "SELECT as_of, epoch, hex(nonce), hex(ciphertext) FROM carried_states "
                + "WHERE athlete_id = '\(jane)'"
        ).split(separator: "|").map(String.init)
        #expect(old.count == 4)
        // A back-dated log drops the state in the same transaction; the next view carries a new one.
        try s.expectOK(
            s.run(
                [
                    "log", "workout", "--athlete", "jane", "--date", "2026-09-20", "--sport",
                    "cycling", "--duration", "2h", "--rpe", "8", "--as", "olivia",
                ], env: Self.now))
        #expect(
            try s.sqlite("SELECT COUNT(*) FROM carried_states WHERE athlete_id = '\(jane)'") == "0")
        try s.expectOK(s.run(["metrics", "--athlete", "jane", "--as", "olivia"], env: Self.now))
        #expect(
            try s.sqlite("SELECT COUNT(*) FROM carried_states WHERE athlete_id = '\(jane)'") == "1")
        _ = try s.sqlite(
            """
            UPDATE carried_states SET as_of = \(old[0]), epoch = \(old[1]), nonce = X'\(old[2])',
                ciphertext = X'\(old[3])'
            WHERE athlete_id = '\(jane)';
            """)
        try Self.expectTampered(s, "jane", "rolled back")
    }

    @Test("doctor --repair clears a damaged carried state and the views work again")
    func repaired() throws {
        let (s, jane, _) = try Self.sandbox()
        _ = try s.sqlite(
            "UPDATE carried_states SET ciphertext = randomblob(64) WHERE athlete_id = '\(jane)';")
        try Self.expectTampered(s, "jane", "random")
        _ = try s.run(["doctor", "--repair", "--as", "olivia"], env: Self.now)
        try s.expectOK(s.run(["metrics", "--athlete", "jane", "--as", "olivia"], env: Self.now))
    }
}
