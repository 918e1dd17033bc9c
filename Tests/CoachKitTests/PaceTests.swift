import CoachKit
import Foundation
import Testing

@Suite struct PaceTests {
    @Test(
        "Running paces convert to seconds per km",
        arguments: [
            ("4:30/km", UnitSystem.metric, 270.0), ("4:30", .metric, 270.0),
            ("7:15/mi", .metric, 435 / 1.609344),
            ("7:15", .imperial, 435 / 1.609344), ("4:30/KM", .metric, 270.0),
            ("10:05 / km", .metric, 605.0),
        ])
    func perKm(text: String, units: UnitSystem, expected: Double) throws {
        #expect(abs(try Pace.secondsPerKm(text, units: units) - expected) < 1e-9)
    }

    @Test(
        "Swim paces convert to seconds per 100 m",
        arguments: [
            ("1:45/100m", 105.0), ("1:45", 105.0), ("1:36/100yd", 96 / 0.9144),
        ])
    func per100m(text: String, expected: Double) throws {
        #expect(abs(try Pace.secondsPer100m(text) - expected) < 1e-9)
    }

    @Test(
        "Malformed paces are invalidPace errors",
        arguments: [
            "4:3", "4:60", "0:00", "4:30/furlong", "abc", "4:30/km/x", "430", "-4:30", "4:30/100m",
        ])
    func rejects(text: String) {
        #expect(throws: CoachKitError.invalidPace(text)) { try Pace.secondsPerKm(text) }
    }

    @Test("Swim paces reject running units", arguments: ["1:45/km", "1:45/mi", "1:99/100m"])
    func swimRejects(text: String) {
        #expect(throws: CoachKitError.invalidPace(text)) { try Pace.secondsPer100m(text) }
    }

    @Test(
        "Paces format as M:SS with rounding",
        arguments: [(270.0, "4:30"), (65.4, "1:05"), (59.6, "1:00"), (605.0, "10:05")])
    func format(seconds: Double, text: String) {
        #expect(Pace.format(seconds) == text)
    }
}
