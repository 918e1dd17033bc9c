import Foundation
import Testing

/// `coach plan` end to end through the binary: groupings, compliance colours, copies, sessions,
/// bad input and plan files. "Now" is Thursday 2026-11-26 09:00 in Berlin throughout.
@Suite struct PlanCLITests {
    static let now = ["COACH_NOW": "2026-11-26T09:00:00+01:00"]

    /// A workspace with athletes jane (Berlin), bert and carla, owner olivia unlocked.
    static func scene() throws -> CoachSandbox {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise()
        for a in ["bert", "carla"] {
            try ok(
                s, ["athlete", "add", a, "--name", a.capitalized, "--time-zone", "Europe/Berlin"])
        }
        return s
    }

    @discardableResult
    static func coach(_ s: CoachSandbox, _ args: [String], as user: String = "olivia") throws
        -> CoachResult
    {
        try s.run(args + ["--as", user], env: now)
    }

    @discardableResult
    static func ok(_ s: CoachSandbox, _ args: [String], as user: String = "olivia") throws
        -> CoachResult
    {
        try s.expectOK(coach(s, args, as: user))
    }

    static func json(_ r: CoachResult) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
            "not JSON: \(r.stdout) \(r.stderr)")
    }

    /// Adds a session and returns its id.
    @discardableResult
    static func add(
        _ s: CoachSandbox, _ athlete: String, _ date: String, _ title: String,
        _ extra: [String] = []
    ) throws -> String {
        let r = try ok(
            s,
            [
                "plan", "session", "add", "--athlete", athlete, "--date", date, "--title", title,
                "--json",
            ] + extra)
        return try #require(try json(r)["id"] as? String)
    }

    /// Every session of a `plan week --json` grid, Monday first.
    static func sessions(
        _ s: CoachSandbox, _ athlete: String, week: String, as user: String = "olivia"
    ) throws -> [[String: Any]] {
        let r = try ok(
            s, ["plan", "week", "--athlete", athlete, "--week", week, "--json"], as: user)
        let w = try #require(try json(r)["week"] as? [String: Any])
        return (w["days"] as? [[String: Any]] ?? []).flatMap {
            $0["sessions"] as? [[String: Any]] ?? []
        }
    }

    @Test("plan show groups weeks into previous, current and upcoming; the flags pick one group")
    func groupings() throws {
        let s = try Self.scene()
        for d in ["2026-11-10", "2026-11-17", "2026-11-24", "2026-12-01", "2026-12-09"] {
            try Self.add(s, "jane", d, "Ride \(d)")
        }
        let all = try Self.json(Self.ok(s, ["plan", "show", "--athlete", "jane", "--json"]))
        func starts(_ key: String, _ obj: [String: Any]) -> [String] {
            (obj[key] as? [[String: Any]] ?? []).compactMap { $0["start"] as? String }
        }
        #expect(starts("previous", all) == ["2026-11-09", "2026-11-16"])
        #expect((all["current"] as? [String: Any])?["start"] as? String == "2026-11-23")
        #expect(starts("upcoming", all) == ["2026-11-30", "2026-12-07"])
        let scores = try #require(all["scores"] as? [String: Any])
        #expect(scores["sessions_missed"] as? Int == 3, "the three past sessions had no workout")
        let only = try Self.json(
            Self.ok(s, ["plan", "show", "--athlete", "jane", "--upcoming", "--json"]))
        #expect(
            starts("previous", only).isEmpty && only["current"] == nil
                && starts("upcoming", only).count == 2)
        let text = try Self.ok(s, ["plan", "show", "--athlete", "jane"]).stdout
        #expect(
            text.contains("Previous (2 weeks)") && text.contains("Current (1 week)")
                && text.contains("Upcoming (2 weeks)"))
        #expect(text.contains("Adherence: this week 0%"))
    }

    @Test(
        "Compliance colours from linked workouts reach the week grid; a session with no workout is missed"
    )
    func complianceInPlanView() throws {
        let s = try Self.scene()
        // Planned 100 TSS each, Monday to Saturday of the previous week; actual TSS gives the ratio.
        let table: [(day: String, tss: Int, colour: String)] = [
            ("2026-11-16", 49, "red"), ("2026-11-17", 50, "yellow"), ("2026-11-18", 80, "green"),
            ("2026-11-19", 120, "green"), ("2026-11-20", 150, "yellow"), ("2026-11-21", 151, "red"),
        ]
        for row in table {
            let id = try Self.add(
                s, "jane", row.day, "Ride", ["--sport", "cycling", "--planned-tss", "100"])
            let logged = try Self.ok(
                s,
                [
                    "log", "workout", "--athlete", "jane", "--date", row.day, "--sport", "cycling",
                    "--duration", "1h", "--tss", String(row.tss),
                ]
            ).stdout
            let wid = try #require(
                logged.split(separator: "(id ").last?.split(separator: ")").first.map(String.init))
            try Self.ok(
                s, ["plan", "session", "edit", id, "--athlete", "jane", "--link-workout", wid])
        }
        try Self.add(s, "jane", "2026-11-22", "Long run", ["--sport", "running"])
        let grid = try Self.sessions(s, "jane", week: "previous")
        #expect(grid.map { $0["compliance"] as? String } == table.map(\.colour) + ["red"])
        #expect(
            grid.map { $0["status"] as? String } == Array(repeating: "done", count: 6) + ["missed"])
        #expect((grid[0]["ratio"] as? Double).map { abs($0 - 0.49) < 1e-9 } == true)
        #expect(grid.last?["adherence"] as? Double == 0)
        let text = try Self.ok(s, ["plan", "week", "--athlete", "jane", "--week", "2026-11-22"])
            .stdout
        #expect(
            text.contains("missed") && text.contains("yellow") && text.contains("Week adherence:"))
    }

    @Test(
        "A week copies to several athletes with new ids, shifted dates, no adherence or links; a second copy conflicts"
    )
    func copyToSeveral() throws {
        let s = try Self.scene()
        let a = try Self.add(
            s, "jane", "2026-11-24", "Threshold", ["--planned-tss", "85", "--targets", "quads"])
        try Self.add(s, "jane", "2026-11-24", "Core", ["--order", "0"])
        try Self.ok(
            s,
            [
                "plan", "session", "edit", a, "--athlete", "jane", "--adherence", "90",
                "--link-workout", "w1",
            ])
        try Self.ok(
            s, ["plan", "week", "--athlete", "jane", "--week", "current", "--title", "Build 2"])
        try Self.ok(
            s,
            [
                "plan", "week", "copy", "--athlete", "jane", "--from", "2026-11-25", "--to", "next",
                "--to-athletes", "bert,carla",
            ])
        for athlete in ["bert", "carla"] {
            let copy = try Self.sessions(s, athlete, week: "2026-11-30")
            #expect(copy.map { $0["title"] as? String } == ["Core", "Threshold"])
            #expect(
                copy.allSatisfy {
                    $0["date"] as? String == "2026-12-01" && $0["adherence_pct"] == nil
                        && $0["linked_workout"] == nil
                })
            #expect(
                copy.allSatisfy { $0["origin"] as? String == "coach" && $0["id"] as? String != a })
            let week =
                try Self.json(
                    Self.ok(s, ["plan", "week", "--athlete", athlete, "--week", "next", "--json"]))[
                    "week"] as? [String: Any]
            #expect(week?["title"] as? String == "Build 2")
        }
        #expect(
            try Self.sessions(s, "jane", week: "next").isEmpty, "jane's own next week is untouched")
        let again = try Self.coach(
            s,
            [
                "plan", "week", "copy", "--athlete", "jane", "--from", "current", "--to", "next",
                "--to-athletes", "bert",
            ])
        #expect(again.status == 73 && again.stderr.contains("--replace"))
        try Self.ok(
            s,
            [
                "plan", "week", "copy", "--athlete", "jane", "--from", "current", "--to", "next",
                "--to-athletes", "bert", "--replace",
            ])
        #expect(try Self.sessions(s, "bert", week: "next").count == 2)
    }

    @Test(
        "Sessions: several a day with --order, move across weeks, week move and remove, unknown ids exit 66"
    )
    func sessionsAndWeeks() throws {
        let s = try Self.scene()
        let first = try Self.add(s, "jane", "2026-11-24", "First")
        let second = try Self.add(s, "jane", "2026-11-24", "Second")
        let zeroth = try Self.add(s, "jane", "2026-11-24", "Zeroth", ["--order", "0"])
        #expect(
            try Self.sessions(s, "jane", week: "current").map { $0["id"] as? String } == [
                zeroth, first, second,
            ])
        try Self.ok(
            s, ["plan", "session", "move", second, "--athlete", "jane", "--date", "2026-12-02"])
        #expect(try Self.sessions(s, "jane", week: "next").map { $0["id"] as? String } == [second])
        try Self.ok(
            s,
            ["plan", "week", "move", "--athlete", "jane", "--from", "next", "--to", "2026-12-09"])
        let moved = try Self.sessions(s, "jane", week: "2026-12-07")
        #expect(
            moved.first?["date"] as? String == "2026-12-09"
                && moved.first?["id"] as? String == second)
        try Self.ok(s, ["plan", "session", "remove", zeroth, "--athlete", "jane"])
        #expect(try Self.sessions(s, "jane", week: "current").map { $0["order"] as? Int } == [1])
        for cmd in [
            ["plan", "session", "edit", "nosuchid", "--athlete", "jane", "--adherence", "50"],
            ["plan", "session", "remove", "nosuchid", "--athlete", "jane"],
            ["plan", "session", "move", "nosuchid", "--athlete", "jane", "--date", "2026-11-25"],
            ["plan", "week", "remove", "--athlete", "jane", "--week", "2027-03-01"],
        ] {
            let r = try Self.coach(s, cmd)
            #expect(r.status == 66 && r.errorLines.count == 1, "\(cmd): \(r.status) \(r.stderr)")
        }
        try Self.ok(s, ["plan", "week", "remove", "--athlete", "jane", "--week", "2026-12-10"])
        #expect(try Self.sessions(s, "jane", week: "2026-12-07").isEmpty)
    }

    @Test(
        "Bad input is refused with the reason and writes nothing",
        arguments: [
            (
                ["plan", "session", "edit", "ID", "--athlete", "jane", "--adherence", "130"],
                "0–100"
            ),
            (["plan", "session", "edit", "ID", "--athlete", "jane", "--adherence=-5"], "0–100"),
            (
                [
                    "plan", "session", "add", "--athlete", "jane", "--week", "2026-11-23", "--date",
                    "2026-11-30", "--title", "x",
                ],
                "2026-11-23 to 2026-11-29"
            ),
            (
                [
                    "plan", "session", "add", "--athlete", "jane", "--date", "2026-11-30",
                    "--title", "x", "--planned-duration", "soon",
                ], "not a duration"
            ),
        ])
    func badInput(command: [String], reason: String) throws {
        let s = try Self.scene()
        let id = try Self.add(s, "jane", "2026-11-24", "Ride")
        let before = try s.auditEntries()
        let r = try Self.coach(s, command.map { $0 == "ID" ? id : $0 })
        #expect(r.status == 65, "\(r.status): \(r.stderr)")
        #expect(r.stderr.contains(reason) && r.errorLines.count == 1, "\(r.stderr)")
        #expect(try s.auditEntries() == before)
    }

    @Test(
        "An import file with a bad row imports nothing and names the row and reason; --dry-run writes nothing"
    )
    func importBadRow() throws {
        let s = try Self.scene()
        let csv = s.root + "/plan.csv"
        let good = "date,title,adherence\n2026-11-24,Threshold,\n2026-11-25,Easy,80\n"
        try Data((good + "2026-11-26,Tempo,130\n").utf8).write(to: URL(fileURLWithPath: csv))
        let before = try s.auditEntries()
        let bad = try Self.coach(s, ["plan", "import", csv, "--athlete", "jane"])
        #expect(
            bad.status == 65 && bad.stderr.contains("line 4")
                && bad.stderr.contains("adherence is out of range"), "\(bad.stderr)")
        #expect(bad.stderr.contains("nothing was imported"))
        #expect(try s.auditEntries() == before)
        try Data(good.utf8).write(to: URL(fileURLWithPath: csv))
        let dry = try Self.json(
            Self.ok(s, ["plan", "import", csv, "--athlete", "jane", "--dry-run", "--json"]))
        #expect(
            dry["sessions_added"] as? Int == 2
                && dry["weeks_created"] as? [String] == ["2026-11-23"])
        #expect(try s.auditEntries() == before && Self.sessions(s, "jane", week: "current").isEmpty)
        try Self.ok(s, ["plan", "import", csv, "--athlete", "jane"])
        #expect(
            try Self.sessions(s, "jane", week: "current").map { $0["title"] as? String } == [
                "Threshold", "Easy",
            ])
    }

    @Test(
        "Export then import into another athlete, or after removal, exports the same plan",
        arguments: ["csv", "json"])
    func roundTrip(format: String) throws {
        let s = try Self.scene()
        try Self.add(
            s, "jane", "2026-11-17", "Easy, \"chatty\" run",
            ["--sport", "run", "--planned-duration", "45m", "--notes", "line1\nline2"])
        let t = try Self.add(
            s, "jane", "2026-11-24", "Threshold",
            ["--planned-tss", "85", "--targets", "quads,glutes", "--time", "07:30"])
        try Self.ok(s, ["plan", "session", "edit", t, "--athlete", "jane", "--adherence", "75"])
        try Self.add(
            s, "jane", "2026-11-24", "Core", ["--order", "0", "--detail", "plank; bridge"])
        try Self.ok(
            s,
            [
                "plan", "week", "--athlete", "jane", "--week", "2026-12-07", "--create", "--title",
                "Rest", "--notes", "empty week",
            ])
        let file = s.root + "/jane.\(format)"
        /// The exported file without the athlete's handle (the one field that names who it is for).
        func export(_ athlete: String, to out: String? = nil) throws -> String {
            let out = out ?? s.root + "/\(athlete)-\(UUID().uuidString).\(format)"
            try Self.ok(
                s, ["plan", "export", "--athlete", athlete, "--format", format, "--out", out])
            return try String(contentsOfFile: out, encoding: .utf8).replacingOccurrences(
                of: "\"athlete\" : \"\(athlete)\"", with: "")
        }
        let original = try export("jane", to: file)
        try Self.ok(s, ["plan", "import", file, "--athlete", "bert"])
        #expect(try export("bert") == original)
        try Self.ok(s, ["plan", "week", "remove", "--athlete", "jane", "--week", "2026-11-24"])
        #expect(try export("jane") != original)
        try Self.ok(s, ["plan", "import", file, "--athlete", "jane"])
        #expect(try export("jane") == original)
        let ics = try Self.ok(s, ["plan", "export", "--athlete", "jane", "--format", "ics"]).stdout
        #expect(
            ics.hasPrefix("BEGIN:VCALENDAR\r\n")
                && ics.components(separatedBy: "BEGIN:VEVENT").count == 4)
        #expect(ics.contains("DTSTART:20261124T063000Z"), "07:30 in Berlin")
    }

    @Test(
        "An athlete user reads their plan and records adherence on own sessions, but cannot change the plan"
    )
    func athletePermissions() throws {
        let s = try Self.scene()
        let pass = try s.secretFile("bert-user", "athlete user passphrase")
        try Self.ok(
            s,
            [
                "user", "add", "bert-user", "--role", "athlete", "--athlete", "bert",
                "--new-passphrase-file", pass,
            ])
        try s.expectOK(
            s.run(["unlock", "--as", "bert-user", "--passphrase-file", pass], env: Self.now))
        let own = try Self.add(s, "bert", "2026-11-24", "Intervals")
        let janes = try Self.add(s, "jane", "2026-11-24", "Jane only")
        let show = try Self.ok(s, ["plan", "show", "--json"], as: "bert-user")
        #expect(show.stdout.contains("Intervals") && !show.stdout.contains("Jane only"))
        try Self.ok(s, ["plan", "session", "edit", own, "--adherence", "80"], as: "bert-user")
        #expect(
            try Self.sessions(s, "bert", week: "current").first?["adherence_pct"] as? Double == 80)
        let before = try s.auditEntries()
        for cmd in [
            ["plan", "session", "add", "--date", "2026-11-25", "--title", "Extra"],
            ["plan", "session", "edit", own, "--title", "Renamed"],
            ["plan", "session", "edit", own, "--adherence", "90", "--planned-tss", "10"],
            ["plan", "session", "remove", own],
            ["plan", "session", "move", own, "--date", "2026-11-25"],
            ["plan", "week", "--create", "--week", "next"],
            ["plan", "week", "remove", "--week", "current"],
            ["plan", "week", "copy", "--from", "current", "--to", "next"],
        ] {
            let r = try Self.coach(s, cmd, as: "bert-user")
            #expect(r.status == 77 && r.errorLines.count == 1, "\(cmd): \(r.status) \(r.stderr)")
        }
        let other = try Self.coach(
            s, ["plan", "session", "edit", janes, "--athlete", "jane", "--adherence", "10"],
            as: "bert-user")
        #expect(other.status == 66 || other.status == 77)
        let notOwn = try Self.coach(
            s, ["plan", "session", "edit", janes, "--adherence", "10"], as: "bert-user")
        #expect(notOwn.status == 66, "jane's session is not among bert's: \(notOwn.stderr)")
        #expect(try s.auditEntries() == before)
    }
}
