import Foundation

/// Parses and formats paces: running per km or mile, swimming per 100 m.
public enum Pace {
    /// Seconds per kilometre from `4:30/km`, `7:15/mi` or `4:30` (per km, or per mile for imperial).
    public static func secondsPerKm(_ text: String, units: UnitSystem = .metric) throws -> Double {
        let (seconds, per) = try parse(text)
        switch per {
        case "": return units == .metric ? seconds : seconds / 1.609344
        case "km": return seconds
        case "mi": return seconds / 1.609344
        default: throw CoachKitError.invalidPace(text)
        }
    }

    /// Seconds per 100 m from `1:45/100m`, `1:36/100yd` or `1:45`.
    public static func secondsPer100m(_ text: String) throws -> Double {
        let (seconds, per) = try parse(text)
        switch per {
        case "", "100m": return seconds
        case "100yd": return seconds / 0.9144
        default: throw CoachKitError.invalidPace(text)
        }
    }

    /// Formats seconds as `M:SS`.
    public static func format(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }

    static func parse(_ text: String) throws -> (Double, String) {
        let t = text.lowercased().replacingOccurrences(of: " ", with: "")
        let halves = t.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(halves.count) else { throw CoachKitError.invalidPace(text) }
        let clock = halves[0].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2, let m = Int(clock[0]), let s = Int(clock[1]), m >= 0,
            (0..<60).contains(s),
            clock[1].count == 2, m * 60 + s > 0
        else {
            throw CoachKitError.invalidPace(text)
        }
        return (Double(m * 60 + s), halves.count == 2 ? String(halves[1]) : "")
    }
}
