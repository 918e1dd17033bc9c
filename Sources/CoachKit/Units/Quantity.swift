import Foundation

/// The unit system an athlete reads numbers in.
public enum UnitSystem: String, Codable, Sendable, CaseIterable {
    case metric, imperial
}

/// Parses quantities with units, always returning coach's base units (kg, m, cm, %).
///
/// A bare number is read in the athlete's unit system (kg or lb, km or mi, cm or in).
public enum QuantityParser {
    /// Mass in kilograms from `61.4kg`, `135lb`, `135 lbs` or a bare number.
    public static func kilograms(_ text: String, units: UnitSystem = .metric) throws -> Double {
        let (value, unit) = try split(text, expected: "61.4kg or 135lb")
        switch unit {
        case "": return units == .metric ? value : value * 0.45359237
        case "kg": return value
        case "g": return value / 1000
        case "lb", "lbs": return value * 0.45359237
        default: throw CoachKitError.invalidQuantity(text, expected: "61.4kg or 135lb")
        }
    }

    /// Distance in metres from `42km`, `26.2mi`, `800m`, `1500yd` or a bare number (km or mi).
    public static func metres(_ text: String, units: UnitSystem = .metric) throws -> Double {
        let (value, unit) = try split(text, expected: "42km, 26.2mi or 800m")
        switch unit {
        case "": return units == .metric ? value * 1000 : value * 1609.344
        case "km": return value * 1000
        case "m": return value
        case "mi": return value * 1609.344
        case "yd": return value * 0.9144
        default: throw CoachKitError.invalidQuantity(text, expected: "42km, 26.2mi or 800m")
        }
    }

    /// Body length in centimetres from `168cm`, `1.68m`, `66in`, `5'6"` or a bare number (cm or in).
    public static func centimetres(_ text: String, units: UnitSystem = .metric) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.contains("'") {
            let parts = trimmed.replacingOccurrences(of: "\"", with: "").split(
                separator: "'", omittingEmptySubsequences: false)
            guard parts.count == 2, let ft = Double(parts[0]),
                let inch = parts[1].isEmpty ? 0 : Double(parts[1])
            else {
                throw CoachKitError.invalidQuantity(text, expected: "168cm or 5'6\"")
            }
            return (ft * 12 + inch) * 2.54
        }
        let (value, unit) = try split(text, expected: "168cm, 1.68m or 66in")
        switch unit {
        case "": return units == .metric ? value : value * 2.54
        case "cm": return value
        case "m": return value * 100
        case "in": return value * 2.54
        default: throw CoachKitError.invalidQuantity(text, expected: "168cm, 1.68m or 66in")
        }
    }

    /// A percentage from `18%` or `18`.
    public static func percent(_ text: String) throws -> Double {
        let (value, unit) = try split(text, expected: "a percentage like 18%")
        guard unit.isEmpty || unit == "%" else {
            throw CoachKitError.invalidQuantity(text, expected: "a percentage like 18%")
        }
        return value
    }

    /// Splits `61.4kg` into (61.4, "kg"); the unit is lowercased and may be empty.
    static func split(_ text: String, expected: String) throws -> (Double, String) {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        var numberEnd = t.startIndex
        for i in t.indices {
            let c = t[i]
            if c.isASCII
                && (c.isNumber || c == "." || (i == t.startIndex && (c == "-" || c == "+")))
            {
                numberEnd = t.index(after: i)
            } else {
                break
            }
        }
        guard let value = Double(t[t.startIndex..<numberEnd]), value.isFinite else {
            throw CoachKitError.invalidQuantity(text, expected: expected)
        }
        let unit = t[numberEnd...].trimmingCharacters(in: .whitespaces)
        return (value, unit)
    }
}
