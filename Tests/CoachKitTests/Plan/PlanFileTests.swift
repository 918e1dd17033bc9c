import CoachKit
import Foundation
import Testing

@Suite struct PlanFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let now = Instant("2026-03-20T08:00:00+01:00")!.date

    static func weeks() throws -> [ProgramWeek] {
        let url = fixtures.appendingPathComponent("plan-weeks.json")
        return try PlanDocument.parse(
            try #require(FileManager.default.contents(atPath: url.path), "missing \(url.path)"))
    }

    static func ics() throws -> String {
        PlanICS.render(try weeks(), athlete: "jane", zone: berlin, now: now)
    }

    static let pythonICalendar: Bool = {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import icalendar"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }()

    @Test("ICS: CRLF line ends, no physical line longer than 75 octets, UTF-8 never split")
    func icsLines() throws {
        let text = try Self.ics()
        let lines = try ICSReader.physicalLines(text)
        #expect(lines.allSatisfy { $0.utf8.count <= 75 }, "\(lines.filter { $0.utf8.count > 75 })")
        #expect(lines.contains { $0.hasPrefix(" ") }, "the long description is folded")
        // Each physical line must be valid UTF-8 on its own: folding never cuts a character.
        var chunks: [[UInt8]] = [[]]
        for b in Array(text.utf8) {
            if b == 0x0A {
                chunks.append([])
            } else if b != 0x0D {
                chunks[chunks.count - 1].append(b)
            }
        }
        #expect(chunks.allSatisfy { String(bytes: $0, encoding: .utf8) != nil })
    }

    @Test(
        "ICS parses back: calendar header, one VEVENT per session, stable UIDs, all-day and timed DTSTART"
    )
    func icsParsesBack() throws {
        let weeks = try Self.weeks()
        let cal = try ICSReader.parse(try Self.ics())
        #expect(cal.name == "VCALENDAR")
        #expect(cal.first("VERSION")?.value == "2.0")
        #expect(cal.first("PRODID") != nil)
        let events = cal.children.filter { $0.name == "VEVENT" }
        let sessions = weeks.flatMap(\.sessions)
        #expect(events.count == sessions.count)
        #expect(
            Set(events.compactMap { $0.first("UID")?.value }).count == sessions.count,
            "UIDs are unique")
        for s in sessions {
            let e = try #require(
                events.first { $0.first("UID")?.value == "\(s.id).jane@coach" }, "event of \(s.id)")
            #expect(e.first("DTSTAMP")?.value == "20260320T070000Z")
            #expect(try ICSReader.unescape(try #require(e.first("SUMMARY")).value) == s.title)
            let start = try #require(e.first("DTSTART"))
            if s.time == nil {
                #expect(start.params["VALUE"] == "DATE")
                #expect(start.value == s.date.description.replacingOccurrences(of: "-", with: ""))
                #expect(
                    e.first("DTEND")?.value
                        == s.date.adding(days: 1).description.replacingOccurrences(
                            of: "-", with: ""))
            } else {
                #expect(start.params["VALUE"] == nil && start.value.hasSuffix("Z"))
            }
            if let d = e.first("DESCRIPTION") { _ = try ICSReader.unescape(d.value) }
        }
    }

    @Test(
        "ICS timed sessions are converted to UTC with the offset of their own day",
        arguments: [
            // 09:30 CEST, the day clocks go forward
            ("s-sun", "20260329T073000Z", "20260329T103000Z"),
            ("s-nye", "20261231T130000Z", "20261231T135000Z"),  // 14:00 CET, 50 minutes
        ])
    func icsTimed(id: String, start: String, end: String) throws {
        let events = try ICSReader.parse(try Self.ics()).children
        let e = try #require(events.first { $0.first("UID")?.value == "\(id).jane@coach" })
        #expect(e.first("DTSTART")?.value == start)
        #expect(e.first("DTEND")?.value == end)
    }

    @Test("ICS TEXT escaping round-trips commas, semicolons, backslashes and line breaks")
    func icsEscaping() throws {
        let tricky = "a,b;c\\d\ne \u{00FC}ber"
        #expect(ICSText.escape(tricky) == "a\\,b\\;c\\\\d\\ne \u{00FC}ber")
        #expect(try ICSReader.unescape(ICSText.escape(tricky)) == tricky)
        let events = try ICSReader.parse(try Self.ics()).children
        let tue = try #require(events.first { $0.first("UID")?.value == "s-tue-a.jane@coach" })
        let description = try ICSReader.unescape(try #require(tue.first("DESCRIPTION")).value)
        #expect(description.hasPrefix("3 rounds:\n- plank 60s\n- bridge 20x"))
    }

    @Test("ICS output matches its golden file")
    func icsGolden() throws {
        let url = Self.fixtures.appendingPathComponent("golden/PlanFileTests.icsGolden.ics")
        if ProcessInfo.processInfo.environment["COACH_REGENERATE_FIXTURES"] == "1" {
            try Data(try Self.ics().utf8).write(to: url)
        }
        let golden = try #require(
            FileManager.default.contents(atPath: url.path),
            "regenerate with COACH_REGENERATE_FIXTURES=1")
        #expect(String(decoding: golden, as: UTF8.self) == (try Self.ics()))
    }

    @Test(
        "ICS is accepted by Python's icalendar (when installed)",
        .enabled(if: PlanFileTests.pythonICalendar))
    func icsPython() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "plan-\(UUID().uuidString).ics"
        ).path
        try Data(try Self.ics().utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [
            "python3", "-c",
            """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            print("\\n".join(sorted(str(e['UID']) + ' ' + str(e['SUMMARY']) for e in cal.walk('VEVENT'))))
            """, path,
        ]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let expected = try Self.weeks().flatMap(\.sessions).map {
            "\($0.id).jane@coach \($0.title)"
        }.sorted()
        #expect(out.split(separator: "\n").map(String.init) == expected)
    }

    @Test(
        "CSV round trip: render then parse gives the same weeks (ids, order, times, origin, empty weeks)"
    )
    func csvRoundTrip() throws {
        let weeks = try Self.weeks()
        let parsed = try PlanCSV.parse(PlanCSV.render(weeks))
        #expect(parsed.map(\.start) == weeks.map(\.start))
        #expect(parsed.map(\.title) == weeks.map(\.title))
        #expect(parsed.map(\.notes) == weeks.map(\.notes))
        #expect(parsed.map(\.sessions) == weeks.map(\.sessions))
        #expect(PlanCSV.render(parsed) == PlanCSV.render(weeks))
    }

    @Test("JSON round trip through the plan document")
    func jsonRoundTrip() throws {
        let weeks = try Self.weeks()
        let data = try JSONEncoder().encode(PlanDocument(athlete: "jane", weeks: weeks))
        #expect(try PlanDocument.parse(data) == weeks)
    }

    @Test(
        "A bad CSV row stops the file and names its line and reason",
        arguments: [
            (
                "2026-11-23,,,,2026-12-01,,,Ride,,,,,,,,,", "line 3",
                "session date 2026-12-01 is out of range"
            ),
            (
                "2026-11-23,,,,2026-11-24,,,Ride,,,,,130,,,,", "line 3",
                "adherence is out of range; the valid range is 0–100 %"
            ),
            ("2026-11-23,,,,2026-11-24,,,Ride,,,,,-5,,,,", "line 3", "adherence is out of range"),
            (
                "2026-11-23,,,,2026-11-24,,,Ride,unicycle,,,,,,,,", "line 3",
                "unknown sport 'unicycle'"
            ),
            (
                "2026-11-23,,,,2026-11-24,,,Ride,,90 minutes,,,,,,,", "line 3",
                "'90 minutes' is not a duration"
            ),
            ("2026-11-23,,,,2026-11-31,,,Ride,,,,,,,,,", "line 3", "'2026-11-31' is not a day"),
            (
                "2026-11-23,,,,2026-11-24,,,\"Ride,,,,,,,,,", "line 3",
                "a quoted field is not closed"
            ),
        ])
    func csvBadRow(row: String, line: String, reason: String) throws {
        let good = "2026-11-23,,,,2026-11-24,0,,Easy,,,,,,,,,"
        let text = PlanCSV.columns.joined(separator: ",") + "\n" + good + "\n" + row + "\n"
        do {
            _ = try PlanCSV.parse(text)
            Issue.record("the bad row was accepted")
        } catch let CoachKitError.invalidRow(location, why) {
            #expect(location == line)
            #expect(why.contains(reason), "\(why)")
        }
    }

    @Test(
        "A CSV with an unknown column or without date and title is refused at line 1",
        arguments: [
            "week,date,title,colour", "week,id",
        ])
    func csvBadHeader(header: String) {
        #expect(throws: CoachKitError.self) { try PlanCSV.parse(header + "\n") }
    }

    @Test("A spreadsheet CSV with only some columns, CRLF and quoted line breaks is read")
    func csvMinimal() throws {
        let text =
            "\u{FEFF}date,title,notes\r\n2026-11-24,Threshold,\"line one\r\nline two, with comma\"\r\n2026-11-24,Core,\r\n"
        let weeks = try PlanCSV.parse(text)
        #expect(weeks.count == 1 && weeks[0].start.description == "2026-11-23")
        #expect(weeks[0].sessions.map(\.order) == [0, 1])
        #expect(weeks[0].sessions.map(\.id) == ["", ""])
        #expect(weeks[0].sessions[0].notes == "line one\r\nline two, with comma")
    }

    @Test("A bad JSON entry is named by its path")
    func jsonBadEntry() throws {
        let text =
            #"{"format":"coach-plan/1","weeks":[{"id":"w","start":"2026-11-23","sessions":[{"id":"a","date":"2026-11-30","title":"x"}]}]}"#
        #expect(
            throws: CoachKitError.invalidRow(
                location: "weeks[0].sessions[0] (id a)",
                reason:
                    "session date 2026-11-30 is out of range; the valid range is 2026-11-23 to 2026-11-29, the week of 2026-11-23"
            )
        ) {
            try PlanDocument.parse(Data(text.utf8))
        }
    }
}
