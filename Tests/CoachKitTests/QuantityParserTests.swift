import CoachKit
import Foundation
import Testing

@Suite struct QuantityParserTests {
    @Test(
        "Masses convert to kilograms",
        arguments: [
            ("61.4kg", UnitSystem.metric, 61.4), ("135lb", .metric, 61.234970),
            ("135 lbs", .metric, 61.234970),
            ("61.4", .metric, 61.4), ("135", .imperial, 61.234970), ("500g", .metric, 0.5),
            ("61.4 KG", .metric, 61.4),
        ])
    func kilograms(text: String, units: UnitSystem, expected: Double) throws {
        #expect(abs(try QuantityParser.kilograms(text, units: units) - expected) < 1e-5)
    }

    @Test(
        "Distances convert to metres",
        arguments: [
            ("42km", UnitSystem.metric, 42_000.0), ("26.2mi", .metric, 42_164.8128),
            ("800m", .metric, 800.0),
            ("1500yd", .metric, 1371.6), ("10", .metric, 10_000.0), ("10", .imperial, 16_093.44),
        ])
    func metres(text: String, units: UnitSystem, expected: Double) throws {
        #expect(abs(try QuantityParser.metres(text, units: units) - expected) < 1e-6)
    }

    @Test(
        "Body lengths convert to centimetres",
        arguments: [
            ("168cm", UnitSystem.metric, 168.0), ("1.68m", .metric, 168.0),
            ("66in", .metric, 167.64),
            ("5'6\"", .metric, 167.64), ("5'6", .metric, 167.64), ("6'", .metric, 182.88),
            ("168", .metric, 168.0),
            ("66", .imperial, 167.64),
        ])
    func centimetres(text: String, units: UnitSystem, expected: Double) throws {
        #expect(abs(try QuantityParser.centimetres(text, units: units) - expected) < 1e-9)
    }

    @Test(
        "Percentages accept a bare number or %",
        arguments: [("18%", 18.0), ("18", 18.0), ("20.8 %", 20.8)])
    func percent(text: String, expected: Double) throws {
        #expect(try QuantityParser.percent(text) == expected)
    }

    enum Parser: String, CaseIterable, Sendable { case kilograms, metres, centimetres, percent }

    @Test(
        "Unknown units and missing numbers are invalidQuantity errors",
        arguments: [
            (Parser.kilograms, "61stone"), (.kilograms, "kg"), (.kilograms, ""),
            (.kilograms, "61 kgs"), (.kilograms, "1e999kg"),
            (.metres, "42furlongs"), (.metres, "km"), (.centimetres, "5'x"),
            (.centimetres, "168mm"), (.centimetres, "tall"),
            (.percent, "18pc"), (.percent, "%"),
        ])
    func rejects(parser: Parser, text: String) {
        #expect {
            switch parser {
            case .kilograms: _ = try QuantityParser.kilograms(text)
            case .metres: _ = try QuantityParser.metres(text)
            case .centimetres: _ = try QuantityParser.centimetres(text)
            case .percent: _ = try QuantityParser.percent(text)
            }
        } throws: { error in
            guard
                case CoachKitError.invalidQuantity(let input, let expected)? = error
                    as? CoachKitError
            else { return false }
            return input == text && !expected.isEmpty
        }
    }

    @Test("The error names the input and an example of the accepted form")
    func message() {
        #expect(throws: CoachKitError.invalidQuantity("61stone", expected: "61.4kg or 135lb")) {
            try QuantityParser.kilograms("61stone")
        }
        let text = CoachKitError.invalidQuantity("61stone", expected: "61.4kg or 135lb")
            .localizedDescription
        #expect(text == "'61stone' is not a valid quantity; use 61.4kg or 135lb")
    }
}
