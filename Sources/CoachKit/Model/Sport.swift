import Foundation

/// The sports coach knows; anything else is `other`.
public enum Sport: String, Codable, Sendable, CaseIterable {
    case cycling, running, swimming, strength, walking, other

    /// Parses a sport name, accepting common aliases (`bike`, `run`, `swim`, `gym`, `walk`).
    public static func parse(_ text: String) throws -> Sport {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let s = Sport(rawValue: t) { return s }
        switch t {
        case "bike", "ride", "cycle": return .cycling
        case "run": return .running
        case "swim": return .swimming
        case "gym", "weights", "lifting": return .strength
        case "walk", "hike", "hiking": return .walking
        default:
            throw CoachKitError.unknownName(
                field: "sport", value: text, valid: Sport.allCases.map(\.rawValue))
        }
    }
}

/// Biological sex as the formulas need it; `other` uses the documented neutral constants.
public enum Sex: String, Codable, Sendable, CaseIterable {
    case female, male, other

    public static func parse(_ text: String) throws -> Sex {
        switch text.lowercased() {
        case "f", "female", "woman": return .female
        case "m", "male", "man": return .male
        case "o", "other", "x": return .other
        default:
            throw CoachKitError.unknownName(
                field: "sex", value: text, valid: Sex.allCases.map(\.rawValue))
        }
    }
}
