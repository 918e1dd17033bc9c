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
}
