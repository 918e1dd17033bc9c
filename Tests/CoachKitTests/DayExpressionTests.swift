import CoachKit
import Foundation
import Testing

@Suite struct DayExpressionTests {
    static let today = LocalDay("2026-11-24")!

    @Test(
        "Accepted day expressions resolve against today",
        arguments: [
            ("today", "2026-11-24"), ("Today ", "2026-11-24"), ("yesterday", "2026-11-23"),
            ("tomorrow", "2026-11-25"),
            ("-3d", "2026-11-21"), ("+2d", "2026-11-26"), ("-0d", "2026-11-24"),
            ("-30d", "2026-10-25"),
            ("-365d", "2025-11-24"), ("2026-01-05", "2026-01-05"), ("2024-02-29", "2024-02-29"),
        ])
    func resolves(text: String, expected: String) throws {
        #expect(try DayExpression.parse(text, today: Self.today).description == expected)
    }

    @Test("Relative days cross month and year boundaries")
    func crossesYear() throws {
        let newYear = try #require(LocalDay("2027-01-01"))
        #expect(try DayExpression.parse("yesterday", today: newYear).description == "2026-12-31")
        #expect(try DayExpression.parse("-60d", today: newYear).description == "2026-11-02")
    }

    @Test(
        "Anything else is an invalidDay error naming the input",
        arguments: [
            "", "3d", "-d", "-3", "--3d", "+-3d", "- 3d", "-3w", "2026-02-30", "last week",
            "-36501d", "24.11.2026",
        ])
    func rejects(text: String) {
        #expect(throws: CoachKitError.invalidDay(text)) {
            try DayExpression.parse(text, today: Self.today)
        }
    }

    @Test("The error message names the accepted forms")
    func message() {
        let message = CoachKitError.invalidDay("someday").localizedDescription
        #expect(message.contains("'someday'"))
        #expect(
            message.contains("YYYY-MM-DD") && message.contains("-3d")
                && message.contains("yesterday"))
    }
}
