import Foundation
import Testing

/// Issue 13, end to end through the binary: the team's check-in columns (5), mistyped commands
/// (7), errors that name the right thing and weekday days (8), terminal width (11), install and
/// the demo (13), and completion of athlete handles (14).
@Suite struct FirstHourSurfaceCLITests {
    @Test("Item 5: team shows last check-in, mood and sorest group; severe soreness is flagged")
    func teamSoreness() throws {
        let s = try FirstHourScene.make()
        try s.ok(["athlete", "add", "bert", "--name", "Bert"])
        try s.ok(["log", "mood", "5", "-a", "jane", "--doms", "quads=9,calves=2"])
        try s.ok(["log", "mood", "4", "-a", "bert", "--doms", "quads=6", "--date", "-2d"])
        let r = try s.at(["team", "--json"])
        #expect(r.status == 3)
        let rows = r.list
        let jane = try #require(rows.first { $0["handle"] as? String == "jane" })
        let bert = try #require(rows.first { $0["handle"] as? String == "bert" })
        #expect(jane["last_check_in"] as? String == "2026-11-25" && jane["mood"] as? Int == 5)
        let sorest = jane["worst_soreness"] as? [String: Any]
        #expect(sorest?["group"] as? String == "quads" && sorest?["level"] as? Int == 9)
        #expect((jane["flags"] as? [String])?.contains("severe_soreness") == true)
        #expect(bert["last_check_in"] as? String == "2026-11-23")
        #expect((bert["flags"] as? [String])?.contains("severe_soreness") == false)
        let text = try s.at(["team"]).stdout
        #expect(text.contains("CHECK-IN") && text.contains("MOOD") && text.contains("SOREST"))
        #expect(text.contains("quads 9") && text.contains("2d ago") && text.contains("5/5"))
    }

    @Test(
        "Item 7: a mistyped command names the nearest one and exits 64",
        arguments: [
            (
                ["dashbaord", "--athlete", "jane"],
                "unknown command 'dashbaord', did you mean 'dashboard'?"
            ),
            (
                ["log", "moood", "4"],
                "unknown command 'moood' of 'coach log', did you mean 'mood'?"
            ),
            (["help", "nosuch"], "unknown command 'nosuch'"),
            (
                ["plan", "week", "shwo"],
                "unknown command 'shwo' of 'coach plan week', did you mean 'show'?"
            ),
        ])
    func typos(args: [String], message: String) throws {
        let s = try CoachSandbox()
        let r = try s.run(args)
        #expect(r.status == 64 && r.stderr.hasPrefix("coach: \(message)"), "\(r.stderr)")
        #expect(r.errorLines.count == 1)
    }

    @Test("Item 7: help for a real command still exits 0")
    func helpWorks() throws {
        let s = try CoachSandbox()
        #expect(try s.run(["help", "log", "mood"]).status == 0)
        #expect(try s.run(["log", "--help"]).status == 0)
    }

    @Test("Item 8: errors name the option or fix that applies; weekday names are days")
    func rightThing() throws {
        let s = try FirstHourScene.make()
        let existing = try s.secretFile("exists", "x")
        let backup = try s.at(["backup", "--out", existing])
        #expect(backup.status == 73 && backup.stderr.contains("choose another --out path"))
        let json = s.root + "/jane.json"
        try s.ok(["export", "-a", "jane", "--out", json])
        let notBackup = try s.at(["restore", json, "--yes"])
        #expect(notBackup.status == 65 && notBackup.stderr.contains("is not a coach backup"))
        #expect(!notBackup.stderr.contains("--workspace") && !notBackup.stderr.contains("init"))
        let missing = try s.at(["restore", s.root + "/missing.sqlite", "--yes"])
        #expect(missing.status == 66 && missing.stderr.contains("no backup at"))
        #expect(!missing.stderr.contains("coach init"))
        // Two days on in real time the hour's session is over (sessions follow the system clock).
        let later = try s.run(["whoami"], systemClockAhead: 2 * 86_400)
        #expect(later.status == 77, "\(later.stderr)")
        #expect(later.stderr.contains("run 'coach unlock --as olivia' again"), "\(later.stderr)")
        let pass = try s.secretFile("janeu", "jane user passphrase")
        try s.expectOK(
            s.run(
                [
                    "unlock", "--as", "olivia", "--passphrase-file",
                    try s.secretFile("o", CoachSandbox.ownerPass),
                ], env: FirstHourScene.now))
        try s.ok([
            "user", "add", "janeu", "--role", "athlete", "--athlete", "jane",
            "--new-passphrase-file", pass,
        ])
        let own = try s.ok(["plan", "week", "--as", "janeu", "--passphrase-file", pass]).stdout
        #expect(own.contains("your coach plans") && !own.contains("--create"))
        for (expression, day) in [
            ("mon", "2026-11-23"), ("last-fri", "2026-11-20"), ("wednesday", "2026-11-25"),
        ] {
            let r = try s.ok(["log", "mood", "3", "-a", "jane", "--date", expression])
            #expect(r.stdout.contains("on \(day)"), "\(expression): \(r.stdout)")
        }
        let next = try s.ok(["plan", "week", "-a", "jane", "--week", "next-mon"]).stdout
        #expect(next.contains("Week of 2026-11-30"))
        #expect(try s.at(["log", "mood", "3", "-a", "jane", "--date", "fri"]).status == 65)
    }
}
