import Foundation

/// Number formatting for explanations and notes, identical on every platform and locale.
public enum MetricFormat {
    /// `value` with `digits` decimals (half away from zero), never `-0`.
    ///
    /// - Parameters:
    ///   - value: the number.
    ///   - digits: decimals to keep (0…6).
    /// - Returns: e.g. `51.2`, `-12`, `0.0`.
    public static func fixed(_ value: Double, _ digits: Int = 1) -> String {
        guard value.isFinite else { return "--" }
        let d = max(0, min(6, digits))
        var scale = 1.0
        for _ in 0..<d { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        let negative = value < 0 && scaled > 0
        let whole = Int(scaled / scale)
        var text = String(whole)
        if d > 0 {
            let frac = Int(scaled - Double(whole) * scale)
            let f = String(frac)
            text += "." + String(repeating: "0", count: d - f.count) + f
        }
        return negative ? "-" + text : text
    }

    /// Like `fixed`, with a leading `+` for positive values.
    public static func signed(_ value: Double, _ digits: Int = 1) -> String {
        let text = fixed(value, digits)
        return value > 0 && text.contains(where: { $0 != "0" && $0 != "." }) ? "+" + text : text
    }

    /// `value` with `digits` decimals, or `--` for `nil`.
    public static func optional(_ value: Double?, _ digits: Int = 1) -> String {
        value.map { fixed($0, digits) } ?? "--"
    }
}
