import Foundation
import Testing

/// `coach plan apply` through the binary: a reply is checked, shown as a diff, applied as
/// AI-suggested sessions, and refused with nothing written when it is not for this athlete.
@Suite struct PlanApplyCLITests {
    static let now = PromptDatasets.now

    /// Owner olivia with `zed` and `ann`, both consenting, and zed's JSON export.
    static func scene() throws -> (CoachSandbox, [String: Any]) {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise(athlete: nil)
        for handle in ["zed", "ann"] {
            let file = try s.secretFile(
                "\(handle).json", try PromptDatasets.json(handle: handle, days: 21, consent: true))
            try s.expectOK(s.run(["import", "json", file, "--create", "--as", "olivia"], env: now))
        }
        let out = try s.expectOK(
            s.run(
                ["prompt", "export", "--athlete", "zed", "--format", "json", "--as", "olivia"],
                env: now)
        ).stdout
        return (
            s,
            try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        )
    }

    /// A reply echoing `export`'s references that plans `days` (sessions on the first, rest after).
    static func reply(
        _ export: [String: Any], days: [String] = ["2026-11-22", "2026-11-23"]
    ) throws -> String {
        let athleteRef = try #require(export["athlete_ref"] as? String)
        let exportRef = try #require(export["export_ref"] as? String)
        let byWeek = Dictionary(grouping: days) { d -> String in
            d >= "2026-11-23" ? "2026-11-23" : "2026-11-16"
        }
        let weeks = byWeek.keys.sorted().map { start -> String in
            let list = byWeek[start]!.map { d -> String in
                let sessions =
                    d == days[0]
                    ? #"[{"title": "Easy spin", "sport": "cycling", "planned_duration_min": 60, "planned_tss": 40, "rationale": "TSB below zero (training-load)"}]"#
                    : "[]"
                return #"{"date": "\#(d)", "sessions": \#(sessions)}"#
            }
            return #"{"start": "\#(start)", "days": [\#(list.joined(separator: ", "))]}"#
        }
        return
            #"{"format": "coach/suggested-plan/1", "athlete_ref": "\#(athleteRef)", "export_ref": "\#(exportRef)", "weeks": [\#(weeks.joined(separator: ", "))]}"#
    }

    static func plan(_ s: CoachSandbox, _ athlete: String) throws -> String {
        try s.expectOK(
            s.run(["plan", "show", "--athlete", athlete, "--json", "--as", "olivia"], env: now)
        ).stdout
    }

    @Test("A reply from one athlete's export applied to another is refused and nothing is written")
    func otherAthlete() throws {
        let (s, export) = try Self.scene()
        let file = try s.secretFile("reply.json", try Self.reply(export))
        let plan = try Self.plan(s, "ann")
        let audit = try s.auditEntries()
        for extra in [[], ["--dry-run"]] {
            let r = try s.run(
                ["plan", "apply", "--athlete", "ann", "--from", file, "--as", "olivia"] + extra,
                env: Self.now)
            #expect(
                r.status == 65 && r.errorLines.count == 1 && r.stderr.contains("another athlete"))
        }
        #expect(try Self.plan(s, "ann") == plan)
        #expect(try s.auditEntries() == audit)
    }

    @Test("A chat answer with prose is shown as a diff on --dry-run, then applied as AI-suggested")
    func apply() throws {
        let (s, export) = try Self.scene()
        let prose =
            "Sure! Here is the plan:\n```json\n" + (try Self.reply(export))
            + "\n```\nLet me know {if} it fits."
        let file = try s.secretFile("answer.txt", prose)
        let plan = try Self.plan(s, "zed")
        let audit = try s.auditEntries()
        let dry = try s.expectOK(
            s.run(
                [
                    "plan", "apply", "--athlete", "zed", "--from", file, "--dry-run", "--as",
                    "olivia",
                ],
                env: Self.now))
        #expect(
            dry.stdout.contains("- Long ride [coach]") && dry.stdout.contains("+ Easy spin [ai]"))
        #expect(dry.stdout.contains("Nothing was written"))
        #expect(try Self.plan(s, "zed") == plan && s.auditEntries() == audit)
        // Issue 30, item 12: replacing a planned session asks, as plan import --replace does;
        // without a terminal it takes --yes, and nothing is written before.
        let unasked = try s.run(
            ["plan", "apply", "--athlete", "zed", "--from", file, "--as", "olivia"],
            env: Self.now)
        #expect(unasked.status == 64 && unasked.stderr.contains("--yes"), "\(unasked.stderr)")
        #expect(unasked.stderr.contains("- Long ride"), "\(unasked.stderr)")
        #expect(try Self.plan(s, "zed") == plan && s.auditEntries() == audit)
        let done = try s.expectOK(
            s.run(
                ["plan", "apply", "--athlete", "zed", "--from", file, "--yes", "--as", "olivia"],
                env: Self.now))
        #expect(done.stdout.contains("Applied: 1 session(s) added, 1 removed on 2 day(s)"))
        let after = try Self.plan(s, "zed")
        #expect(
            after.contains("Easy spin") && !after.contains("Long ride")
                && after.contains("\"origin\" : \"ai\""))
        #expect(try s.sqlite("SELECT COUNT(*) FROM audit WHERE action = 'plan.apply'") == "1")
    }

    @Test("Replies that would overwrite a done session, plan a past day or are invalid are refused")
    func refused() throws {
        let (s, export) = try Self.scene()
        let plan = try Self.plan(s, "zed")
        let audit = try s.auditEntries()
        let cases: [(String, Int32, String)] = [
            (try Self.reply(export, days: ["2026-11-20"]), 73, "already done"),
            (try Self.reply(export, days: ["2026-11-19"]), 73, "already passed"),
            (
                try Self.reply(export).replacingOccurrences(of: "cycling", with: "golf"), 65,
                "sessions[0].sport"
            ),
            (try Self.reply(export) + "\n" + (try Self.reply(export)), 65, "exactly one"),
            (
                try Self.reply(export).replacingOccurrences(of: "exp_", with: "exp_0"), 65,
                "not show for this athlete"
            ),
        ]
        for (i, (text, status, words)) in cases.enumerated() {
            let file = try s.secretFile("bad\(i).json", text)
            let r = try s.run(
                ["plan", "apply", "--athlete", "zed", "--from", file, "--as", "olivia"],
                env: Self.now)
            #expect(
                r.status == status && r.errorLines.count == 1 && r.stderr.contains(words),
                "case \(i): \(r.stderr)")
        }
        #expect(try Self.plan(s, "zed") == plan && s.auditEntries() == audit)
    }
}
