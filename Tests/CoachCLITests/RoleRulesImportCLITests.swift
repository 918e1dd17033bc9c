import Foundation
import Testing

/// The role rules hold on every write path: what a coach may not do with `athlete edit` (turn
/// on AI consent) or an athlete user with `plan` (change the program), neither does through
/// `coach import json`, a dry run, or a new athlete created from a file.
@Suite struct RoleRulesImportCLITests {
    static let coachPass = "coach user passphrase"
    static let athletePass = "athlete user passphrase"

    /// olivia with jane; carl holds jane; jane-u is jane's athlete user; one planned session.
    static func scene() throws -> (CoachSandbox, carl: [String], janeU: [String]) {
        let s = try CoachSandbox()
        try s.initialise()
        let cp = try s.addCoach(passphrase: coachPass)
        let ap = try s.secretFile("janeu", athletePass)
        try s.expectOK(
            s.run([
                "user", "add", "jane-u", "--role", "athlete", "--athlete", "jane",
                "--new-passphrase-file", ap, "--as", "olivia",
            ]))
        try s.expectOK(
            s.run([
                "plan", "session", "add", "--athlete", "jane", "--date", "2026-11-24", "--title",
                "Threshold 3x12", "--sport", "cycling", "--as", "olivia",
            ]))
        return (
            s, ["--as", "carl", "--passphrase-file", cp],
            ["--as", "jane-u", "--passphrase-file", ap]
        )
    }

    /// Jane's export, changed by `edit`, written to a file; returns its path.
    static func editedExport(
        _ s: CoachSandbox, name: String, _ edit: (inout [String: Any]) -> Void
    ) throws -> String {
        let out = s.root + "/tmp/\(name).json"
        try s.expectOK(
            s.run(["export", "--athlete", "jane", "--out", out, "--as", "olivia"]))
        var doc = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out)))
                as? [String: Any])
        edit(&doc)
        let edited = s.root + "/tmp/\(name)-edited.json"
        try JSONSerialization.data(withJSONObject: doc).write(to: URL(fileURLWithPath: edited))
        return edited
    }

    static func consentOn(_ doc: inout [String: Any]) {
        var athlete = doc["athlete"] as? [String: Any] ?? [:]
        athlete["ai_consent"] = true
        doc["athlete"] = athlete
    }

    func janeConsent(_ s: CoachSandbox) throws -> Bool {
        let show = try s.expectOK(
            s.run(["athlete", "show", "jane", "--json", "--as", "olivia"])
        ).stdout
        return show.contains("\"ai_consent\" : true")
    }

    @Test("A coach cannot turn on AI consent through import json, a dry run or --create")
    func coachConsentByImport() throws {
        let (s, carl, _) = try Self.scene()
        let file = try Self.editedExport(s, name: "consent", Self.consentOn)
        let edit = try s.run(["athlete", "edit", "jane", "--ai-consent", "yes"] + carl)
        #expect(edit.status == 77, "\(edit.stderr)")
        for args in [
            ["import", "json", file, "--athlete", "jane"],
            ["import", "json", file, "--athlete", "jane", "--dry-run"],
            ["import", "json", file, "--create", "--athlete", "jane2"],
        ] {
            let r = try s.run(args + carl)
            #expect(
                r.status == 77 && r.stderr.contains("consent"),
                "coach \(args.joined(separator: " ")) gave \(r.status): \(r.stderr)")
        }
        #expect(try !janeConsent(s), "jane's consent was turned on by the coach")
        let list = try s.expectOK(s.run(["athlete", "list", "--as", "olivia"])).stdout
        #expect(!list.contains("jane2"))
        // The owner may set it for the athlete, through the same file.
        try s.expectOK(s.run(["import", "json", file, "--athlete", "jane", "--as", "olivia"]))
        #expect(try janeConsent(s))
    }

    @Test("An athlete user cannot change the plan through import json; her own logs still import")
    func athletePlanByImport() throws {
        let (s, _, janeU) = try Self.scene()
        let file = try Self.editedExport(s, name: "plan") { doc in
            var weeks = doc["weeks"] as? [[String: Any]] ?? []
            var sessions = weeks.first?["sessions"] as? [[String: Any]] ?? []
            if !sessions.isEmpty { sessions[0]["title"] = "Rest day instead" }
            if !weeks.isEmpty { weeks[0]["sessions"] = sessions }
            doc["weeks"] = weeks
        }
        let planned = try s.expectOK(
            s.run(["plan", "show", "--athlete", "jane", "--as", "olivia"]))
        for args in [["import", "json", file], ["import", "json", file, "--dry-run"]] {
            let r = try s.run(args + janeU)
            #expect(
                r.status == 77, "coach \(args.joined(separator: " ")) gave \(r.status): \(r.stderr)"
            )
        }
        let after = try s.expectOK(s.run(["plan", "show", "--athlete", "jane", "--as", "olivia"]))
        #expect(after.stdout == planned.stdout && !after.stdout.contains("Rest day instead"))
        // Her unchanged export (weeks included) re-imports: nothing of the plan changes.
        let same = try Self.editedExport(s, name: "same") { _ in }
        try s.expectOK(s.run(["import", "json", same] + janeU))
    }
}
