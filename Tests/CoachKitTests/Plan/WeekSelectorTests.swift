import CoachKit
import Foundation
import Testing

@Suite struct WeekSelectorTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test(
        "Any day names the Monday of its week, across year boundaries",
        arguments: [
            ("2026-12-31", "2026-12-28"), ("2027-01-01", "2026-12-28"),
            ("2026-12-28", "2026-12-28"),
            ("2027-01-03", "2026-12-28"), ("2027-01-04", "2027-01-04"),
            ("2020-12-31", "2020-12-28"),
            ("2024-02-29", "2024-02-26"), ("2026-11-29", "2026-11-23"),
        ])
    func anyDay(day: String, monday: String) throws {
        let today = try #require(LocalDay("2026-06-01"))
        #expect(try WeekSelector.monday(day, today: today).description == monday)
    }

    @Test(
        "The current week follows the athlete's wall clock across daylight-saving changes",
        arguments: [
            // Berlin springs forward on Sunday 2026-03-29 and falls back on Sunday 2026-10-25.
            ("2026-03-29T01:59:00+01:00", "2026-03-23"),
            ("2026-03-29T03:00:00+02:00", "2026-03-23"),
            ("2026-03-29T23:59:00+02:00", "2026-03-23"),
            ("2026-03-30T00:00:00+02:00", "2026-03-30"),
            ("2026-03-29T22:30:00Z", "2026-03-30"), ("2026-10-25T02:30:00+02:00", "2026-10-19"),
            ("2026-10-25T02:30:00+01:00", "2026-10-19"),
            ("2026-10-25T23:30:00+01:00", "2026-10-19"),
            ("2026-10-25T23:00:00Z", "2026-10-26"), ("2026-12-31T23:30:00Z", "2026-12-28"),
            ("2027-01-01T00:30:00+01:00", "2026-12-28"),
        ])
    func currentAcrossDST(instant: String, monday: String) throws {
        let now = try #require(Instant(instant))
        let today = LocalDay(date: now.date, timeZone: Self.berlin)
        #expect(try WeekSelector.monday("current", today: today).description == monday)
    }

    @Test(
        "next and previous step whole weeks, also over a DST change and a year end",
        arguments: [
            ("2026-03-26", "next", "2026-03-30"), ("2026-03-30", "previous", "2026-03-23"),
            ("2026-10-22", "next", "2026-10-26"), ("2026-12-30", "next", "2027-01-04"),
            ("2027-01-01", "previous", "2026-12-21"), ("2027-01-01", "this", "2026-12-28"),
            ("2026-11-26", "-7d", "2026-11-16"), ("2026-11-26", "tomorrow", "2026-11-23"),
        ])
    func relative(today: String, text: String, monday: String) throws {
        #expect(
            try WeekSelector.monday(text, today: try #require(LocalDay(today))).description
                == monday)
    }

    @Test("Text that names no week is refused", arguments: ["soon", "2026-02-30", "week 48", ""])
    func refused(text: String) throws {
        #expect(throws: CoachKitError.self) {
            try WeekSelector.monday(text, today: try #require(LocalDay("2026-11-26")))
        }
    }

    @Test("A program week always starts on a Monday and holds seven days")
    func programWeek() throws {
        let w = ProgramWeek(id: "w", start: try #require(LocalDay("2026-10-28")))
        #expect(w.start.description == "2026-10-26")
        #expect(w.days.map(\.isoWeekday) == [1, 2, 3, 4, 5, 6, 7])
        #expect(w.days.last?.description == "2026-11-01")
    }
}
