import Foundation
import Testing

/// `coach prompt export` and `coach plan apply` through the binary: consent, redaction in every
/// format, the token budget on a long history, byte-identical output, the audit trail, and
/// replies refused for another athlete with nothing written.
@Suite struct PromptCLITests {
    static let now = PromptDatasets.now

    /// Owner olivia with `zed` (consent given, `days` of history) and `kim` (no consent).
    static func scene(days: Int = 30) throws -> CoachSandbox {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise(athlete: nil)
        for (handle, consent, n) in [("zed", true, days), ("kim", false, 20)] {
            let file = try s.secretFile(
                "\(handle).json", try PromptDatasets.json(handle: handle, days: n, consent: consent)
            )
            try s.expectOK(s.run(["import", "json", file, "--create", "--as", "olivia"], env: now))
        }
        return s
    }

    @discardableResult
    static func export(_ s: CoachSandbox, _ args: [String]) throws -> CoachResult {
        try s.expectOK(s.run(["prompt", "export"] + args + ["--as", "olivia"], env: now))
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func text(_ section: [String: Any]) throws -> String {
        String(
            decoding: try JSONSerialization.data(withJSONObject: section, options: [.sortedKeys]),
            as: UTF8.self)
    }

    @Test(
        "Without consent the export is refused in one line that says how to grant it; a coach cannot grant it"
    )
    func consent() throws {
        let s = try Self.scene()
        let r = try s.run(
            ["prompt", "export", "--athlete", "kim", "--as", "olivia"], env: Self.now)
        #expect(r.status == 77 && r.errorLines.count == 1 && r.stdout.isEmpty)
        #expect(r.stderr.contains("coach athlete edit kim --ai-consent yes"))
        let cp = try s.secretFile("carl", "carl passphrase for prompt tests")
        try s.expectOK(
            s.run([
                "user", "add", "carl", "--role", "coach", "--new-passphrase-file", cp, "--as",
                "olivia",
            ]))
        try s.expectOK(
            s.run(["access", "grant", "--athlete", "kim", "--to", "carl", "--as", "olivia"]))
        let coach = try s.run([
            "athlete", "edit", "kim", "--ai-consent", "yes", "--as", "carl", "--passphrase-file",
            cp,
        ])
        #expect(
            coach.status == 77 && coach.errorLines.count == 1 && coach.stderr.contains("AI consent")
        )
        try s.expectOK(s.run(["athlete", "edit", "kim", "--ai-consent", "yes", "--as", "olivia"]))
        try Self.export(s, ["--athlete", "kim"])
        // The athlete may take consent back (and give it again) themselves.
        let kp = try s.secretFile("kim", "kim passphrase for prompt tests")
        try s.expectOK(
            s.run([
                "user", "add", "kim-user", "--role", "athlete", "--athlete", "kim",
                "--new-passphrase-file", kp, "--as", "olivia",
            ]))
        try s.expectOK(
            s.run([
                "athlete", "edit", "kim", "--ai-consent", "no", "--as", "kim-user",
                "--passphrase-file", kp,
            ]))
        #expect(
            try s.run(["prompt", "export", "--athlete", "kim", "--as", "olivia"], env: Self.now)
                .status == 77)
    }

    @Test("A redacted export of a canary-filled profile leaks none of it, in every format")
    func redaction() throws {
        let s = try Self.scene()
        for format in ["markdown", "json", "chat"] {
            let out = try Self.export(s, ["--athlete", "zed", "--format", format, "--days", "30"])
                .stdout
            #expect(out.contains("Athlete 1"))
            for c in PromptDatasets.canaries + ["zed"] {
                #expect(!out.contains(c), "\(format) export leaked '\(c)'")
            }
        }
        let full = try Self.export(s, ["--athlete", "zed", "--no-redact"]).stdout
        #expect(full.split(separator: "\n").prefix(3).joined().contains("NOT REDACTED"))
        for c in [
            "Zelda CanaryName", "canary.mail@example.invalid", "CANARY-LOCATION", "CANARY-WORKOUT",
        ] {
            #expect(full.contains(c), "the unredacted export lacks '\(c)'")
        }
    }

    @Test("--max-tokens holds on a long history with sections 1, 3 and 8 intact and the cuts named")
    func budget() throws {
        let s = try Self.scene(days: 400)
        let args = ["--athlete", "zed", "--days", "120", "--format", "json"]
        let full = try Self.object(try Self.export(s, args).stdout)
        for budget in [3000, 6000] {
            let out = try Self.export(s, args + ["--max-tokens", "\(budget)"]).stdout
            #expect((out.utf8.count + 3) / 4 <= budget)
            let cut = try Self.object(out)
            let trimmed = try #require(cut["trimmed"] as? [String])
            #expect(
                !trimmed.isEmpty && trimmed.contains { $0.contains("workout rows (section 6)") })
            let sections = try #require(cut["sections"] as? [[String: Any]])
            let fullSections = try #require(full["sections"] as? [[String: Any]])
            for n in [1, 3, 8] {
                let a = try #require(sections.first { $0["number"] as? Int == n })
                let b = try #require(fullSections.first { $0["number"] as? Int == n })
                // The export reference differs (the budget is part of the options); nothing else may.
                let cutRef = try #require(cut["export_ref"] as? String)
                let fullRef = try #require(full["export_ref"] as? String)
                #expect(
                    try Self.text(a)
                        == Self.text(b).replacingOccurrences(of: fullRef, with: cutRef),
                    "section \(n) changed under the budget")
            }
            let md = try Self.export(
                s, ["--athlete", "zed", "--days", "120", "--max-tokens", "\(budget)"]
            ).stdout
            #expect(
                (md.utf8.count + 3) / 4 <= budget
                    && md.contains("Trimmed to fit \(budget) estimated tokens"))
        }
    }

    @Test("Same state and options give the same bytes; every export is an audit event")
    func deterministicAndAudited() throws {
        let s = try Self.scene()
        let before = try s.auditEntries()
        let a = try Self.export(s, ["--athlete", "zed", "--question", "Race on Sunday?"]).stdout
        let b = try Self.export(s, ["--athlete", "zed", "--question", "Race on Sunday?"]).stdout
        #expect(a == b && !a.isEmpty)
        try Self.export(
            s, ["--athlete", "zed", "--no-redact", "--include", "plan,gaps", "--format", "chat"])
        #expect(try s.auditEntries() == before + 3)
        let rows = try s.sqlite(
            "SELECT target_id FROM audit WHERE action = 'prompt.export' ORDER BY seq"
        )
        .split(separator: "\n")
        #expect(rows.count == 3)
        #expect(rows[0].contains("sections=1,2,3,4,5,6,7,8 redacted=yes format=markdown"))
        #expect(rows[2].contains("sections=1,3,5,7,8 redacted=no format=chat"))
        let who = try s.sqlite(
            "SELECT COUNT(*) FROM audit a JOIN users u ON u.id = a.actor_id "
                + "WHERE a.action = 'prompt.export' AND u.handle = 'olivia' AND a.athlete_id IS NOT NULL"
        )
        #expect(who == "3")
    }

    @Test("chat output is a JSON array of a system and a user message")
    func chat() throws {
        let s = try Self.scene()
        let out = try Self.export(
            s, ["--athlete", "zed", "--format", "chat", "--question", "Taper?"]
        ).stdout
        let messages = try #require(
            try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
        #expect(messages.count == 2)
        #expect(messages.map { $0["role"] as? String } == ["system", "user"])
        #expect((messages[1]["content"] as? String)?.contains("Taper?") == true)
        #expect(messages.allSatisfy { Set($0.keys) == ["role", "content"] })
    }
}
