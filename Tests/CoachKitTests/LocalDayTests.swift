import CoachKit
import Foundation
import Testing

@Suite struct LocalDayTests {
    @Test(
        "YYYY-MM-DD parses and formats back to the same text",
        arguments: [
            ("1970-01-01", 0), ("2026-11-24", 20_781), ("2024-02-29", 19_782), ("1969-12-31", -1),
            ("2000-03-01", 11_017),
        ])
    func parseAndFormat(text: String, ordinal: Int) throws {
        let day = try #require(LocalDay(text))
        #expect(day.ordinal == ordinal)
        #expect(day.description == text)
        #expect(LocalDay(ordinal: ordinal).description == text)
    }

    @Test(
        "Malformed or impossible days are rejected",
        arguments: [
            "2026-02-30", "2025-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31",
            "2026-1-01",
            "20260101", "2026/01/01", "abcd-ef-gh", "", " 2026-01-01", "2026-01-01T00:00",
            "0000-01-01",
        ])
    func rejectsBadDays(text: String) {
        #expect(LocalDay(text) == nil)
    }

    @Test("Components round-trip through the ordinal for every day of four years")
    func componentsRoundTrip() throws {
        let start = try #require(LocalDay(year: 2023, month: 1, day: 1))
        for n in 0..<(4 * 366) {
            let d = start.adding(days: n)
            let c = d.components
            #expect(LocalDay(year: c.year, month: c.month, day: c.day) == d)
        }
    }

    @Test(
        "Any day normalises to the Monday of its week, also across year boundaries",
        arguments: [
            ("2026-11-24", "2026-11-23"), ("2026-11-23", "2026-11-23"),
            ("2026-11-29", "2026-11-23"),
            ("2027-01-01", "2026-12-28"), ("2027-01-03", "2026-12-28"),
            ("2026-01-01", "2025-12-29"),
            ("2021-01-03", "2020-12-28"), ("2024-03-01", "2024-02-26"),
            ("1970-01-01", "1969-12-29"),
        ])
    func mondayNormalisation(day: String, monday: String) throws {
        let d = try #require(LocalDay(day))
        #expect(d.monday.description == monday)
        #expect(d.monday.isoWeekday == 1)
        #expect(d.monday.days(to: d) >= 0 && d.monday.days(to: d) < 7)
    }

    @Test(
        "ISO weekday is Monday 1 … Sunday 7",
        arguments: [
            ("2026-11-23", 1), ("2026-11-24", 2), ("2026-11-28", 6), ("2026-11-29", 7),
            ("1970-01-01", 4), ("1969-12-28", 7),
        ])
    func weekday(day: String, expected: Int) throws {
        #expect(try #require(LocalDay(day)).isoWeekday == expected)
    }

    @Test(
        "Day arithmetic ignores daylight-saving changes",
        arguments: [
            "Europe/Berlin", "America/New_York", "Australia/Sydney", "UTC", "Asia/Kolkata",
        ])
    func arithmeticAcrossDST(zone: String) throws {
        let tz = try #require(TimeZone(identifier: zone))
        let first = try #require(LocalDay("2026-03-01"))
        for n in 0..<280 {
            let d = first.adding(days: n)
            // The day's own local midnight lies in the day, and 12:00 local is still that day.
            #expect(LocalDay(date: d.start(in: tz), timeZone: tz) == d)
            #expect(
                LocalDay(date: d.instant(secondsSinceMidnight: 12 * 3600, in: tz), timeZone: tz)
                    == d)
            #expect(first.days(to: d) == n)
        }
        // The spring-forward day in Berlin is 23 h long but still exactly one day.
        let springForward = try #require(LocalDay("2026-03-29"))
        #expect(springForward.adding(days: 1).description == "2026-03-30")
        #expect(springForward.adding(days: -1).adding(days: 1) == springForward)
    }

    @Test("A day from an instant uses the zone's offset at that instant")
    func dayFromInstant() throws {
        // 2026-11-23T23:30Z is already the 24th in Berlin and still the 23rd in New York.
        let date = Date(timeIntervalSince1970: 1_795_476_600)
        #expect(
            LocalDay(date: date, timeZone: try #require(TimeZone(identifier: "Europe/Berlin")))
                .description == "2026-11-24")
        #expect(
            LocalDay(date: date, timeZone: try #require(TimeZone(identifier: "America/New_York")))
                .description == "2026-11-23")
    }

    @Test("LocalDay encodes as a YYYY-MM-DD string and rejects bad strings")
    func codable() throws {
        let d = try #require(LocalDay("2026-11-24"))
        let data = try JSONEncoder().encode([d])
        #expect(String(decoding: data, as: UTF8.self) == "[\"2026-11-24\"]")
        #expect(try JSONDecoder().decode([LocalDay].self, from: data) == [d])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LocalDay].self, from: Data("[\"2026-02-30\"]".utf8))
        }
    }
}
