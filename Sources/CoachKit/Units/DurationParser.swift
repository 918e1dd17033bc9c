import Foundation

/// Parses durations as users type them: `90m`, `1h30m`, `1h 30m 15s`, `45s`, `1:30:00`, `1:30`.
///
/// Clock notation means hours, as training tools write it: `h:mm` (`1:30` is an hour and a
/// half) and `h:mm:ss`. A bare number is minutes.
public enum DurationParser {
    /// The duration in whole seconds.
    ///
    /// A bare number is read as minutes, the unit people mean for workouts.
    /// - Throws: `CoachKitError.invalidDuration` for anything else, zero-length or over 7 days.
    public static func seconds(_ text: String) throws -> Int {
        let t = text.lowercased().replacingOccurrences(of: " ", with: "")
        guard !t.isEmpty else { throw CoachKitError.invalidDuration(text) }
        var total: Int?
        if t.contains(":") {
            let parts = t.split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count),
                parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil })
            else {
                throw CoachKitError.invalidDuration(text)
            }
            let n = parts.map { Int($0)! }
            guard n.dropFirst().allSatisfy({ $0 < 60 }) else {
                throw CoachKitError.invalidDuration(text)
            }
            total = n[0] * 3600 + n[1] * 60 + (n.count == 3 ? n[2] : 0)
        } else if let minutes = Double(t), minutes.isFinite {
            total = Int((minutes * 60).rounded())
        } else {
            var sum = 0
            var number = ""
            var seen = Set<Character>()
            for ch in t {
                if ch.isASCII && (ch.isNumber || ch == ".") {
                    number.append(ch)
                    continue
                }
                let scale: Double
                switch ch {
                case "h": scale = 3600
                case "m": scale = 60
                case "s": scale = 1
                default: throw CoachKitError.invalidDuration(text)
                }
                guard let value = Double(number), !seen.contains(ch) else {
                    throw CoachKitError.invalidDuration(text)
                }
                seen.insert(ch)
                sum += Int((value * scale).rounded())
                number = ""
            }
            guard number.isEmpty else { throw CoachKitError.invalidDuration(text) }
            total = sum
        }
        guard let s = total, s > 0, s <= 7 * 86_400 else {
            throw CoachKitError.invalidDuration(text)
        }
        return s
    }

    /// Formats seconds as `1h30m`, `45m` or `50s`.
    public static func format(_ seconds: Int) -> String {
        let h = seconds / 3600, m = seconds % 3600 / 60, s = seconds % 60
        var out = ""
        if h > 0 { out += "\(h)h" }
        if m > 0 { out += "\(m)m" }
        if s > 0 || out.isEmpty { out += "\(s)s" }
        return out
    }
}
