import Foundation
import Testing

/// Issue 30, item 12 through the binary and a terminal: destructive actions ask alike. `plan
/// apply` lists the sessions it replaces and asks; `athlete remove` wants the handle typed; a
/// declined question says "Aborted" and exits 1; without a terminal `--yes` is required.
@Suite struct DestructiveCLITests {
    @Test("plan apply lists what it replaces and asks; no aborts with exit 1, yes applies")
    func planApply() throws {
        let (s, export) = try PlanApplyCLITests.scene()
        let file = try s.secretFile("reply.json", try PlanApplyCLITests.reply(export))
        let before = try PlanApplyCLITests.plan(s, "zed")
        let terminal = PtySteps(sandbox: s, env: PlanApplyCLITests.now)
        let command = "coach plan apply --athlete zed --from \(file) --as olivia"
        let declined = try terminal.run(command, answers: [["Replace them\\? \\[y/N\\]", "n"]])
        #expect(declined.status == 1, "\(declined.output)")
        #expect(
            declined.output.contains("The plan replaces 1 planned session:")
                && declined.output.contains("- Long ride")
                && declined.output.contains("Aborted; nothing was changed."), "\(declined.output)")
        #expect(try PlanApplyCLITests.plan(s, "zed") == before)
        let accepted = try terminal.run(command, answers: [["\\[y/N\\]", "y"]])
        #expect(accepted.status == 0 && accepted.output.contains("Applied: 1 session(s) added"))
        #expect(try !PlanApplyCLITests.plan(s, "zed").contains("Long ride"))
    }

    @Test("athlete remove wants the handle typed; anything else aborts with exit 1")
    func athleteRemove() throws {
        let s = try FirstHourScene.make()
        let terminal = PtySteps(sandbox: s, env: FirstHourScene.now)
        let wrong = try terminal.run(
            "coach athlete remove jane", answers: [["Type 'jane' to confirm:", "y"]])
        #expect(wrong.status == 1, "\(wrong.output)")
        #expect(
            wrong.output.contains("cannot be undone")
                && wrong.output.contains("Aborted; nothing was changed."), "\(wrong.output)")
        try s.expectOK(s.at(["athlete", "show", "jane"]))
        let noTerminal = try s.at(["athlete", "remove", "jane"])
        #expect(noTerminal.status == 64 && noTerminal.stderr.contains("pass --yes to remove"))
        let typed = try terminal.run(
            "coach athlete remove jane", answers: [["Type 'jane' to confirm:", "jane"]])
        #expect(typed.status == 0 && typed.output.contains("Removed athlete 'jane'"))
        #expect(try s.at(["athlete", "show", "jane"]).status == 66)
    }

    @Test("restore says how old the backup is and how many changes it would take back")
    func restorePreview() throws {
        let s = try FirstHourScene.make()
        let backup = s.root + "/tmp/before.sqlite"
        try s.expectOK(s.at(["backup", "--out", backup]))
        try s.expectOK(s.at(["log", "mood", "3", "-a", "jane"]))
        try s.expectOK(s.at(["log", "mood", "4", "-a", "jane"]))
        let refused = try s.at(["restore", backup])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("The backup's last change is from 20")
                && refused.stderr.contains("the workspace's 2 changes since")
                && refused.stderr.contains("would be lost"), "\(refused.stderr)")
        let moods = try s.at(["log", "show", "-a", "jane", "--kind", "wellness", "--json"])
        #expect(moods.stdout.contains("\"mood\" : 4"), "nothing was restored yet")
        try s.expectOK(s.at(["restore", backup, "--yes"]))
        let again = try s.at(["restore", backup, "--yes"])
        #expect(again.status == 0 && again.stderr.contains("nothing is lost"), "\(again.stderr)")
        let missing = try s.at(["restore", s.root + "/tmp/none.sqlite", "--yes"])
        #expect(missing.status == 66, "\(missing.stderr)")
    }
}
