import Foundation
import Testing

/// Issue 12, item 10 through the binary: `--weekly-change -0.5kg` is accepted, a goal that
/// contradicts its weekly change or target is refused in one line and changes nothing.
@Suite struct GoalCLITests {
    @Test("a negative weekly change is accepted as a value, not taken for an option")
    func negativeChange() throws {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(
            s.run([
                "athlete", "edit", "jane", "--goal", "lose", "--weekly-change", "-0.5kg", "--as",
                "olivia",
            ]))
        let json = try s.expectOK(s.run(["athlete", "show", "jane", "--json", "--as", "olivia"]))
            .stdout
        let obj = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let nutrition = try #require(
            (obj["nutrition"] ?? (obj["athlete"] as? [String: Any])?["nutrition"])
                as? [String: Any],
            "no nutrition in \(json)")
        #expect(nutrition["weekly_change_kg"] as? Double == -0.5)
        #expect(nutrition["goal"] as? String == "lose")
    }

    @Test(
        "a goal that contradicts its weekly change or target is refused",
        arguments: [
            (
                ["--goal", "lose", "--weekly-change", "+0.5kg"],
                "goal 'lose' needs a weekly change of 0 or less"
            ),
            (
                ["--goal", "muscle", "--weekly-change", "-0.25kg"],
                "goal 'muscle' needs a weekly change of 0 or more"
            ),
            (
                ["--goal", "maintain", "--weekly-change", "-0.5kg"],
                "goal 'maintain' keeps the weight"
            ),
            (
                ["--goal", "lose", "--weight", "61kg", "--target-weight", "65kg"],
                "needs a target weight below the current 61.0 kg"
            ),
        ])
    func refused(flags: [String], message: String) throws {
        let s = try CoachSandbox()
        try s.initialise()
        let before = try s.expectOK(s.run(["athlete", "show", "jane", "--json", "--as", "olivia"]))
            .stdout
        let r = try s.run(["athlete", "edit", "jane"] + flags + ["--as", "olivia"])
        #expect(r.status == 64, "exit \(r.status): \(r.stderr)")
        #expect(r.errorLines.count == 1 && r.stderr.contains(message), "\(r.stderr)")
        #expect(
            try s.expectOK(s.run(["athlete", "show", "jane", "--json", "--as", "olivia"])).stdout
                == before)
    }
}
