import CoachKit
import Foundation
import Testing

@Suite struct DurationParserTests {
    @Test(
        "Durations parse to whole seconds",
        arguments: [
            ("90m", 5400), ("1h30m", 5400), ("1h 30m 15s", 5415), ("1:30:00", 5400),
            ("1:30", 5400), ("45s", 45), ("0:45:30", 2730),
            ("90", 5400), ("1.5h", 5400), ("2H", 7200), ("0:45", 2700), ("24h", 86_400),
            ("168h", 604_800),
        ])
    func parses(text: String, seconds: Int) throws {
        #expect(try DurationParser.seconds(text) == seconds)
    }

    @Test(
        "Malformed, zero, negative or over-long durations are rejected",
        arguments: [
            "", "abc", "1:75", "0m", "0", "5x", "1h1h", "1:30:00:00", "-5m", "1::00", ":30", "h",
            "169h", "1:60",
        ])
    func rejects(text: String) {
        #expect(throws: CoachKitError.invalidDuration(text)) { try DurationParser.seconds(text) }
    }

    @Test(
        "Seconds format compactly and parse back",
        arguments: [
            (5400, "1h30m"), (45, "45s"), (3600, "1h"), (3661, "1h1m1s"), (0, "0s"), (600, "10m"),
        ])
    func format(seconds: Int, text: String) throws {
        #expect(DurationParser.format(seconds) == text)
        if seconds > 0 { #expect(try DurationParser.seconds(text) == seconds) }
    }
}
