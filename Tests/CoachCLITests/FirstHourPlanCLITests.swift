import Foundation
import Testing

/// Issue 13, end to end through the binary: plan import adds by default (2), lists and the
/// roster import (9), and the week grid's totals and unplanned workouts (10).
@Suite struct FirstHourPlanCLITests {
    /// Titles of jane's sessions in the current week.
    static func titles(_ s: CoachSandbox) throws -> [String] {
        let week = try #require(try s.ok(["plan", "week", "-a", "jane", "--json"]).object["week"])
        let days = (week as? [String: Any])?["days"] as? [[String: Any]] ?? []
        return days.flatMap { ($0["sessions"] as? [[String: Any]]) ?? [] }
            .compactMap { $0["title"] as? String }
    }

    @Test("Item 2: plan import adds and updates; --replace shows what goes and asks on a terminal")
    func importKeepsByDefault() throws {
        let s = try FirstHourScene.make()
        var ids: [String] = []
        for (day, title) in [("mon", "Ride"), ("tue", "Run"), ("wed", "Swim")] {
            let added = try s.ok([
                "plan", "session", "add", "-a", "jane", "--date", day, "--title", title, "--json",
            ])
            ids.append(try #require(added.object["id"] as? String))
        }
        try s.ok([
            "plan", "session", "edit", String(ids[0].prefix(4)), "-a", "jane", "--adherence", "80",
        ])
        let csv = s.root + "/one.csv"
        try Data("date,title\n2026-11-27,Tempo\n".utf8).write(to: URL(fileURLWithPath: csv))
        let added = try s.ok(["plan", "import", csv, "-a", "jane"]).stdout
        #expect(added.contains("1 added") && added.contains("3 kept"), "\(added)")
        #expect(try Self.titles(s) == ["Ride", "Run", "Swim", "Tempo"])
        let dry = try s.ok([
            "plan", "import", csv, "-a", "jane", "--replace", "--dry-run", "--json",
        ])
        #expect((dry.object["removed_sessions"] as? [Any])?.count == 4)
        let noTerminal = try s.at(["plan", "import", csv, "-a", "jane", "--replace"])
        #expect(noTerminal.status == 64 && noTerminal.stderr.contains("--yes"))
        #expect(noTerminal.stderr.contains("Ride") && noTerminal.stderr.contains("adherence 80%"))
        #expect(try Self.titles(s).count == 4)
        let prompt = [["Remove them\\? \\[y/N\\]", "n"]]
        let declined = try s.terminal.run(
            "coach plan import \(csv) -a jane --replace", answers: prompt)
        // Issue 30, item 12: a declined question is no usage error: "Aborted", exit 1.
        #expect(
            declined.status == 1 && declined.output.contains("removes 4 sessions")
                && declined.output.contains("Aborted; nothing was changed."))
        #expect(try Self.titles(s).count == 4)
        let accepted = try s.terminal.run(
            "coach plan import \(csv) -a jane --replace", answers: [["\\[y/N\\]", "y"]])
        #expect(accepted.status == 0 && accepted.output.contains("4 removed"), "\(accepted.output)")
        #expect(try Self.titles(s) == ["Tempo"])
        try s.ok(["plan", "import", csv, "-a", "jane", "--replace", "--yes"])
    }

    @Test("Item 9: access grant takes lists and repeats; roster import adds all or none")
    func listsAndRoster() throws {
        let s = try FirstHourScene.make()
        let roster = s.root + "/roster.csv"
        try Data(
            """
            handle,name,sport,ftp,lthr,threshold_pace,time_zone
            a01,Ann One,"cycling;running",240,165,4:30/km,Europe/Berlin
            a02,Al Two,running,,170,,
            a03,Ada Three,swimming,,,,

            """.utf8
        ).write(to: URL(fileURLWithPath: roster))
        let dry = try s.ok(["athlete", "import", roster, "--dry-run"]).stdout
        #expect(dry.contains("Would add 3 athletes") && dry.contains("Nothing was written"))
        #expect(try s.ok(["athlete", "list", "--json"]).list.count == 1)
        try s.ok(["athlete", "import", roster])
        let a01 = try s.ok(["athlete", "show", "a01", "--json"]).object
        let thresholds = a01["thresholds"] as? [String: Any] ?? [:]
        #expect(
            thresholds["ftp_w"] as? Double == 240 && a01["time_zone"] as? String == "Europe/Berlin")
        #expect(try s.at(["athlete", "import", roster]).status == 73)
        let bad = s.root + "/bad.csv"
        try Data("handle,name,ftp\nb1,B,200\nb2,C,lots\n".utf8).write(to: URL(fileURLWithPath: bad))
        let refused = try s.at(["athlete", "import", bad])
        #expect(
            refused.status == 65 && refused.stderr.contains("line 3")
                && refused.stderr.contains("ftp"))
        #expect(try s.at(["athlete", "show", "b1"]).status == 66)
        let pass = try s.secretFile("carl", "carl coach passphrase")
        try s.ok(["user", "add", "carl", "--role", "coach", "--new-passphrase-file", pass])
        let before = try s.auditEntries()
        let unknown = try s.at(["access", "grant", "-a", "a01", "--to", "carl,nobody"])
        let after = try s.auditEntries()
        #expect(unknown.status == 66 && after == before)
        try s.ok(["access", "grant", "--athlete", "a01,a02", "--athlete", "a03", "--to", "carl"])
        let held = try s.ok(["access", "list", "--json"]).list
        let carl = Set(
            held.filter { $0["user"] as? String == "carl" }.compactMap { $0["athlete"] as? String })
        #expect(carl == ["a01", "a02", "a03"])
        try s.ok(["access", "revoke", "-a", "a02", "-a", "a03", "--from", "carl"])
        let revoked = try s.ok(["access", "list", "--json"]).list
        #expect(revoked.filter { $0["user"] as? String == "carl" }.count == 1)
    }

    @Test("Item 10: the week grid totals planned against done and lists unplanned workouts")
    func weekTotals() throws {
        let s = try FirstHourScene.make()
        try s.ok(["athlete", "edit", "jane", "--ftp", "250"])
        try s.ok([
            "plan", "session", "add", "-a", "jane", "--date", "mon", "--title", "Ride",
            "--sport", "cycling", "--planned-duration", "1:00", "--planned-tss", "60",
        ])
        try s.ok([
            "plan", "session", "add", "-a", "jane", "--date", "fri", "--title", "Long",
            "--sport", "cycling", "--planned-duration", "2:00", "--planned-tss", "120",
        ])
        try s.ok([
            "log", "workout", "-a", "jane", "--sport", "cycling", "--duration", "1:00",
            "--tss", "55", "--date", "mon", "--start", "07:00",
        ])
        let extra =
            try s.ok([
                "log", "workout", "-a", "jane", "--sport", "running", "--duration", "0:30",
                "--tss", "30", "--date", "tue", "--start", "18:00", "--distance", "6.2km",
                "--kcal", "350", "--json",
            ]).object["id"] as? String
        let week =
            try s.ok(["plan", "week", "-a", "jane", "--json"]).object["week"] as? [String: Any]
        let totals = try #require(week?["totals"] as? [String: Any])
        #expect(totals["planned_sessions"] as? Int == 2 && totals["planned_tss"] as? Double == 180)
        #expect(totals["planned_duration_s"] as? Double == 10_800)
        #expect(totals["done_sessions"] as? Int == 1 && totals["workouts"] as? Int == 2)
        #expect(totals["done_tss"] as? Double == 85 && totals["done_duration_s"] as? Double == 5400)
        #expect(totals["done_distance_m"] as? Double == 6200)
        #expect(totals["done_kcal"] as? Double == 350)
        let unplanned = week?["unplanned"] as? [[String: Any]] ?? []
        #expect(unplanned.map { $0["id"] as? String } == [extra])
        let text = try s.ok(["plan", "week", "-a", "jane"]).stdout
        #expect(
            text.contains(
                "Week totals: planned 2 sessions, 3h, TSS 180 · done 1 of 2, 1h30m, 6.2 km, "
                    + "350 kcal, TSS 85"), "\(text)")
        #expect(text.contains("Unplanned workouts") && text.contains("running"))
    }
}
