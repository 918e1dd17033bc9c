import CoachKit
import Foundation

/// Number and text formatting shared by the sections: fixed decimals, a dash for missing.
enum Text {
    /// The missing-value mark.
    static let none = "–"

    /// `v` with `digits` decimals (no grouping, `.` as separator), or a dash.
    static func num(_ v: Double?, _ digits: Int = 0) -> String {
        guard let v, v.isFinite else { return none }
        let scale = pow(10.0, Double(digits))
        let r = (v * scale).rounded() / scale
        if digits == 0 { return String(Int64(r)) }
        return String(format: "%.\(digits)f", r)
    }

    /// A duration in seconds as `h:mm`.
    static func duration(_ s: Double?) -> String {
        guard let s, s.isFinite, s >= 0 else { return none }
        let minutes = Int((s / 60).rounded())
        return "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
    }

    /// A pace in seconds per unit as `m:ss`.
    static func pace(_ s: Double) -> String {
        let total = Int(s.rounded())
        return "\(total / 60):" + (total % 60 < 10 ? "0" : "") + "\(total % 60)"
    }

    /// Text made safe for one Markdown table cell (no pipes, no line breaks).
    static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "/").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ")
    }

    /// The 5-year age band of `age` (`30–34`).
    static func ageBand(_ age: Int) -> String {
        let low = (age / 5) * 5
        return "\(low)–\(low + 4)"
    }

}
