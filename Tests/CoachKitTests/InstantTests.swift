import CoachKit
import Foundation
import Testing

@Suite struct InstantTests {
    @Test(
        "Instants with offsets format back to the text they were parsed from",
        arguments: [
            "2026-11-24T07:00:00+01:00", "2026-11-24T07:00:00Z", "2026-03-29T01:30:00-05:30",
            "2026-06-30T23:59:59+14:00",
            "2026-11-24T07:00:00.250+01:00", "1969-12-31T23:59:59Z", "2000-02-29T12:00:00-08:00",
        ])
    func roundTrip(text: String) throws {
        let instant = try #require(Instant(text))
        #expect(instant.description == text)
        #expect(Instant(instant.description) == instant)
    }

    @Test(
        "The same moment written with different offsets has the same epoch seconds",
        arguments: [
            ("2026-11-24T07:00:00+01:00", "2026-11-24T06:00:00Z", 1_795_500_000.0),
            ("2026-11-24T01:00:00-05:00", "2026-11-24T06:00:00Z", 1_795_500_000.0),
            ("2026-11-24T11:30:00+05:30", "2026-11-24T06:00:00Z", 1_795_500_000.0),
            ("1970-01-01T01:00:00+01:00", "1970-01-01T00:00:00Z", 0.0),
        ])
    func offsets(local: String, utc: String, epoch: Double) throws {
        let a = try #require(Instant(local)), b = try #require(Instant(utc))
        #expect(a.epochSeconds == epoch)
        #expect(b.epochSeconds == epoch)
        #expect(!(a < b) && !(b < a))
        #expect(a.description == local, "the recorded offset is kept")
    }

    @Test(
        "Short and space-separated forms are accepted and normalised",
        arguments: [
            ("2026-11-24T07:00+01:00", "2026-11-24T07:00:00+01:00"),
            ("2026-11-24 07:00:00Z", "2026-11-24T07:00:00Z"),
            ("2026-11-24T07:00:00.5Z", "2026-11-24T07:00:00.500Z"),
        ])
    func normalised(text: String, expected: String) throws {
        #expect(try #require(Instant(text)).description == expected)
    }

    @Test(
        "Malformed instants are rejected",
        arguments: [
            "2026-11-24", "2026-11-24T07:00:00", "2026-11-24T24:00:00Z", "2026-11-24T07:60:00Z",
            "2026-11-24T07:00:00+1:00",
            "2026-02-30T07:00:00Z", "2026-11-24T07:00:00+01:00x", "2026-11-24T07:00:00+19:00",
            "2026-11-24T07:00:00.Z",
            "2026-11-24X07:00:00Z", "", "now",
        ])
    func rejectsBadInstants(text: String) {
        #expect(Instant(text) == nil)
    }

    @Test("An instant in a zone keeps that zone's offset, including daylight saving")
    func zoneOffset() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let winter = Instant(date: Date(timeIntervalSince1970: 1_795_500_000), timeZone: berlin)
        #expect(winter.description == "2026-11-24T07:00:00+01:00")
        let summer = Instant(date: Date(timeIntervalSince1970: 1_782_889_200), timeZone: berlin)
        #expect(summer.description.hasSuffix("+02:00"))
        #expect(winter.secondsSinceMidnight(in: berlin) == 7 * 3600)
        #expect(winter.day(in: berlin).description == "2026-11-24")
    }

    @Test("Instants encode as ISO 8601 strings and bad strings fail to decode")
    func codable() throws {
        let i = try #require(Instant("2026-11-24T07:00:00+01:00"))
        let data = try JSONEncoder().encode([i])
        #expect(String(decoding: data, as: UTF8.self) == "[\"2026-11-24T07:00:00+01:00\"]")
        #expect(try JSONDecoder().decode([Instant].self, from: data) == [i])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Instant].self, from: Data("[\"yesterday\"]".utf8))
        }
    }
}
