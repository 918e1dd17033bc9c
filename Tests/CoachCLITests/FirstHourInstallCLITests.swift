import Foundation
import Testing

/// Issue 13, end to end: terminal width (11), `make install` and the demo's way back in (13),
/// and shell completion of athlete handles (14).
@Suite struct FirstHourInstallCLITests {
    @Test(
        "Item 11: team, dashboard, plan week and trend fit $COLUMNS; trend gives each line's scale")
    func width() throws {
        let s = try CoachSandbox(clock: ["COACH_NOW": "2026-11-20T18:00:00+01:00"])
        try s.expectOK(s.run(["demo", "--workspace", s.workspace, "--json"]))
        let narrow = ["COLUMNS": "60"]
        for args in [
            ["team"], ["dashboard", "-a", "jane"], ["plan", "week", "-a", "jane"],
            ["trend", "-a", "jane", "--metric", "ctl,atl,tsb", "--days", "90"],
            ["nutrition", "-a", "jane"], ["log", "show", "-a", "jane"],
        ] {
            let r = try s.run(args, env: narrow)
            #expect(r.status == 0 || r.status == 3, "\(args): \(r.stderr)")
            let long = r.stdout.split(separator: "\n").filter { $0.count > 60 }
            #expect(long.isEmpty, "\(args) at 60 columns: \(long)")
        }
        // Three days on, the demo's last meals are behind: the gap legend wraps to the width.
        let later = narrow.merging(["COACH_NOW": "2026-11-23T18:00:00+01:00"]) { $1 }
        let gaps = try s.run(["nutrition", "-a", "jane"], env: later).stdout
        #expect(gaps.contains("no meals logged"), "\(gaps)")
        #expect(gaps.split(separator: "\n").allSatisfy { $0.count <= 60 }, "\(gaps)")
        // Issue 30, item 2: at 60 columns the team table leaves out its least useful columns
        // instead of cutting every one (the athlete's handle first); the flags wrap.
        let team = try s.run(["team"], env: narrow).stdout
        #expect(!team.contains("…") && team.contains("marco") && team.contains("FLAGS"), "\(team)")
        let wide = try s.run(["dashboard", "-a", "jane"], env: ["COLUMNS": "120"]).stdout
        #expect(wide.split(separator: "\n").allSatisfy { $0.count <= 120 })
        let whole = try s.run(["team"]).stdout  // not a terminal, no $COLUMNS: no limit
        #expect(!whole.contains("…"))
        let trend = try s.run(["trend", "-a", "jane", "--metric", "ctl,atl,tsb", "--days", "90"])
        let lines = trend.stdout.split(separator: "\n").filter {
            $0.hasPrefix("ctl") || $0.hasPrefix("atl")
        }
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("scaled ") && $0.contains("–") })
    }

    @Test("Item 13: make install puts coach and its completions under PREFIX")
    func makeInstall() throws {
        let s = try CoachSandbox()
        let binary = try #require(CoachSandbox.binary)
        // A stand-in for `swift` that reports the already built binary's folder, so the test
        // exercises the Makefile's install steps without a release build.
        let fake = try s.secretFile(
            "swift",
            "#!/bin/sh\ncase \"$*\" in *--show-bin-path*) echo \"\(URL(fileURLWithPath: binary).deletingLastPathComponent().path)\";; esac\nexit 0"
        )
        chmod(fake, 0o700)
        let prefix = s.root + "/prefix"
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        make.arguments = [
            "-C", RepoFiles.root.path, "install", "PREFIX=\(prefix)", "SWIFT=\(fake)",
        ]
        make.standardOutput = FileHandle.nullDevice
        make.standardError = FileHandle.nullDevice
        try make.run()
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/coach"))
        let bash = try String(
            contentsOfFile: prefix + "/share/bash-completion/completions/coach", encoding: .utf8)
        #expect(bash.contains("---completion"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/zsh/site-functions/_coach"))
    }

    @Test("Item 13: the demo says how to run coach and get back in, and removes older demos")
    func demoGuide() throws {
        let s = try CoachSandbox()
        let first = try s.expectOK(s.run(["demo"])).stdout
        let second = try s.expectOK(s.run(["demo"])).stdout
        #expect(second.contains("Removed 1 older demo folder"), "\(second)")
        func line(_ prefix: String, in text: String) throws -> String {
            try #require(
                text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    .first { $0.hasPrefix(prefix) }, "no '\(prefix)' line in:\n\(text)")
        }
        let oldWorkspace = try line("export COACH_WORKSPACE=", in: first).dropFirst(23)
        #expect(!FileManager.default.fileExists(atPath: String(oldWorkspace)))
        let export = try line("export COACH_WORKSPACE=", in: second)
        let alias = try line("alias coach=", in: second).components(separatedBy: "  ")[0]
        let unlock = try line("coach unlock --as coach --passphrase-file ", in: second)
        let passFile = String(unlock.split(separator: " ").last!)
        #expect(CoachSandbox.mode(passFile) == 0o600)
        // Nine hours later on the system clock the session is over; the printed commands get
        // back in.
        let later = try FakeSystemClock.ahead(seconds: 9 * 3600)
        let script = [export, alias, "coach whoami || echo EXPIRED", unlock, "coach team"]
            .joined(separator: "\n")
        let sh = Process()
        sh.executableURL = URL(fileURLWithPath: "/bin/sh")
        sh.arguments = ["-c", script]
        sh.environment = s.environment.merging(later) { _, new in new }
        let out = Pipe()
        sh.standardOutput = out
        sh.standardError = out
        try sh.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sh.waitUntilExit()
        #expect(text.contains("EXPIRED") && text.contains("Unlocked 'coach'"), "\(text)")
        #expect(text.contains("ATHLETE") && text.contains("jane"), "\(text)")
    }

    @Test("Item 14: bash completion offers the athlete handles the user can open")
    func completion() throws {
        let s = try FirstHourScene.make()
        try s.ok(["athlete", "add", "bert", "--name", "Bert"])
        let bin = try s.terminal.binFolder()
        let script = try s.secretFile(
            "complete.sh",
            """
            source <(coach --generate-completion-script bash)
            COMP_WORDS=(coach log mood 4 --athlete "")
            COMP_CWORD=5
            COMP_LINE="coach log mood 4 --athlete "
            COMP_POINT=${#COMP_LINE}
            _coach coach "" --athlete
            printf '%s\\n' "${COMPREPLY[@]}"
            """)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [script]
        var env = s.environment.merging(FirstHourScene.now) { _, new in new }
        env["PATH"] = bin + ":/usr/bin:/bin"
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(text.split(separator: "\n") == ["bert", "jane"], "\(text)")
        let readme = try String(contentsOfFile: RepoFiles.path("README.md"), encoding: .utf8)
        #expect(
            readme.contains("## Shell completion")
                && readme.contains("--generate-completion-script"))
    }
}
