import Foundation
import Testing

/// Issue 30, item 10 through the binary: EXAMPLES in help whose options exist, `import`'s
/// options visible and `-a` accepted, one line after commands that wrote a file, the next step
/// after `init`, and a line while the key is derived on a terminal only.
@Suite struct HelpFeedbackCLITests {
    static let commands: [[String]] = [
        ["init"], ["unlock"], ["team"], ["dashboard"], ["metrics"], ["trend"], ["brief"],
        ["report"], ["import"], ["log", "workout"], ["log", "mood"], ["log", "show"],
        ["athlete", "add"], ["plan", "session", "add"], ["plan", "week"],
    ]

    @Test("each command's help has EXAMPLES whose options the command has", arguments: commands)
    func examples(command: [String]) throws {
        let s = try CoachSandbox()
        let r = try s.run(command + ["--help"])
        #expect(r.status == 0, "\(r.stderr)")
        let help = r.stdout
        let block = try #require(
            help.components(separatedBy: "EXAMPLES:\n").dropFirst().first, "\(command)")
        let lines = block.split(separator: "\n").prefix { !$0.hasPrefix("USAGE") }
        let examples = lines.filter { $0.hasPrefix("  coach ") }
        #expect(examples.count >= 2, "\(command): \(examples)")
        for line in lines { #expect(line.count <= 80, "wrapped: \(line)") }
        // The help of the command the example runs (a default subcommand's for `import`).
        for example in examples {
            let words = example.split(separator: " ").map(String.init)
            let options = words.filter { $0.hasPrefix("-") && $0 != "-" }
            let path = Array(words.dropFirst().prefix { !$0.hasPrefix("-") }.prefix(command.count))
            let target = path == ["import", "json"] ? ["import", "json"] : command
            let defaults = [
                ["import"]: ["import", "auto"], ["plan", "week"]: ["plan", "week", "show"],
            ]
            let sub = defaults[target] ?? target
            let usage = try s.run(sub + ["--help"]).stdout
            for option in options {
                #expect(usage.contains(option), "\(example): \(option) is not an option of \(sub)")
            }
        }
    }

    @Test("import --help names -a and --dry-run; import takes -a")
    func importOptions() throws {
        let s = try CoachSandbox(clock: ViewsCLITests.now)
        let help = try s.run(["import", "--help"]).stdout
        #expect(help.contains("-a/--athlete") && help.contains("--dry-run"), "\(help)")
        try s.initialise()
        let csv = s.root + "/tmp/moods.csv"
        try Data("day,mood\n2026-11-10,4\n".utf8).write(to: URL(fileURLWithPath: csv))
        let r = try s.run(
            ["import", csv, "-a", "jane", "--dry-run", "--as", "olivia"], env: ViewsCLITests.now)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test("report, report team and export --out say what they wrote; init says what is next")
    func feedback() throws {
        let s = try ViewsCLITests.scene()
        let me = ["--as", "olivia"]
        let out = s.root + "/tmp/"
        let report = try s.expectOK(
            s.run(["report", "-a", "jane", "--out", out + "j.html"] + me, env: ViewsCLITests.now))
        #expect(
            report.stdout.hasPrefix("Wrote the report of 90 days to \(out)j.html (")
                && report.stdout.hasSuffix(" KB).\n"), "\(report.stdout)")
        let team = try s.expectOK(
            s.run(["report", "team", "--out", out + "t.html"] + me, env: ViewsCLITests.now))
        #expect(team.stdout.hasPrefix("Wrote the team report to \(out)t.html ("), "\(team.stdout)")
        let export = try s.expectOK(
            s.run(["export", "-a", "jane", "--out", out + "j.json"] + me, env: ViewsCLITests.now))
        #expect(
            export.stdout.hasPrefix("Exported jane as coach/1 JSON to \(out)j.json ("),
            "\(export.stdout)")
        let fresh = try CoachSandbox()
        let pass = try fresh.secretFile("p", CoachSandbox.ownerPass)
        let made = try fresh.expectOK(
            fresh.run([
                "init", "--owner", "olga", "--kdf", "interactive", "--new-passphrase-file", pass,
            ]))
        #expect(made.stdout.contains("Next: coach unlock --as olga"), "\(made.stdout)")
        #expect(!made.stderr.contains("Deriving"), "no progress line into a pipe")
    }

    @Test("unlock on a terminal shows that the key is being derived; a pipe never does")
    func derivation() throws {
        let s = try CoachSandbox()
        try s.initialise(unlock: false, athlete: nil)
        let terminal = PtySteps(sandbox: s)
        let shown = try terminal.run(
            "coach unlock --as olivia",
            answers: [["Passphrase for olivia: ", CoachSandbox.ownerPass]])
        #expect(shown.status == 0, "\(shown.output)")
        #expect(shown.output.contains("Deriving the key from the passphrase"), "\(shown.output)")
        let pass = try s.secretFile("again", CoachSandbox.ownerPass)
        let piped = try s.run(["unlock", "--as", "olivia", "--passphrase-file", pass])
        #expect(piped.status == 0 && !piped.stderr.contains("Deriving"), "\(piped.stderr)")
    }
}
