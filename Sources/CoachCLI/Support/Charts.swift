import Foundation

/// Small text charts: sparklines, gauges and bars, in plain Unicode that any terminal shows.
enum Charts {
    static let ticks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One character per value, scaled between `lower` and `upper` (the values' own range when
    /// nil); a gap (nil) is a middle dot.
    static func sparkline(_ values: [Double?], lower: Double? = nil, upper: Double? = nil) -> String
    {
        let known = values.compactMap { $0 }
        guard let lo = lower ?? known.min(), let hi = upper ?? known.max() else {
            return String(repeating: "·", count: values.count)
        }
        return String(
            values.map { v -> Character in
                guard let v else { return "·" }
                guard hi > lo else { return ticks[ticks.count / 2] }
                let t = (min(max(v, lo), hi) - lo) / (hi - lo)
                return ticks[Int((t * Double(ticks.count - 1)).rounded())]
            })
    }

    /// A horizontal gauge of `value` in 0...`maximum`, `width` cells wide: `███████░░░░░░`.
    static func gauge(_ value: Double, maximum: Double = 100, width: Int = 20) -> String {
        let filled =
            maximum > 0 ? Int((min(max(value, 0), maximum) / maximum * Double(width)).rounded()) : 0
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    /// A bar proportional to `value` out of `maximum`, at most `width` cells, at least one for a positive value.
    static func bar(_ value: Double, maximum: Double, width: Int = 30) -> String {
        guard maximum > 0, value > 0 else { return "" }
        return String(
            repeating: "█",
            count: max(1, Int((min(value, maximum) / maximum * Double(width)).rounded())))
    }
}
