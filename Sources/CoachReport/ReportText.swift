import Foundation

/// Deterministic text for reports: fixed-point numbers and HTML escaping.
///
/// Numbers never go through a locale or `String(format:)`, so the same value prints the same bytes
/// on every machine.
public enum ReportText {
    /// `value` with exactly `digits` decimals, rounded half away from zero (`-0` prints as `0`).
    ///
    /// - Parameters:
    ///   - value: a finite number.
    ///   - digits: decimals, 0–6.
    /// - Returns: e.g. `12.5`, `-3`, `0.0`.
    public static func fixed(_ value: Double, _ digits: Int = 1) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1
        for _ in 0..<max(0, min(6, digits)) { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else { return value < 0 ? "-∞" : "∞" }
        let units = Int(scaled)
        let negative = value < 0 && units != 0
        var text = String(units / scale)
        if digits > 0 {
            let frac = String(units % scale)
            text += "." + String(repeating: "0", count: digits - frac.count) + frac
        }
        return (negative ? "-" : "") + text
    }

    /// `value` with a sign (`+3.0`, `-1.5`, `0.0`).
    public static func signed(_ value: Double, _ digits: Int = 1) -> String {
        let text = fixed(value, digits)
        return value > 0 && text.contains(where: { $0 != "0" && $0 != "." }) ? "+" + text : text
    }

    /// `value` with `digits` decimals, or an en dash for a gap.
    public static func optional(_ value: Double?, _ digits: Int = 0) -> String {
        value.map { fixed($0, digits) } ?? "–"
    }

    /// `text` escaped for HTML element content and attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}

extension ReportText {
    /// One SVG or HTML element: `<name k="v" …/>`, or `<name k="v" …>text</name>` with `text`.
    ///
    /// Attributes keep the order given and are escaped; `text` is inserted as it is (escape it
    /// first when it is not markup).
    static func tag(_ name: String, _ attributes: (String, String)..., text: String? = nil)
        -> String
    {
        tag(name, attributes, text: text)
    }

    /// `tag(_:_:text:)` with the attributes as an array.
    static func tag(_ name: String, _ attributes: [(String, String)], text: String? = nil) -> String
    {
        var out = "<" + name
        for (key, value) in attributes { out += " \(key)=\"\(escape(value))\"" }
        guard let text else { return out + "/>" }
        return out + ">" + text + "</\(name)>"
    }

    /// A coordinate: one decimal.
    static func n(_ value: Double) -> String { fixed(value, 1) }
}
