import CoachKit
import CoachProviders

/// Renders `coach trend`: one sparkline per series with its range and latest value.
enum TrendText {
    static func render(_ t: Trend) -> String {
        guard let first = t.series.first?.points.first?.day,
            let last = t.series.first?.points.last?.day
        else { return "" }
        var out = [Terminal.bold("\(t.handle) · \(first) → \(last)")]
        let width = t.series.map(\.name.count).max() ?? 0
        for s in t.series {
            let values = s.points.map(\.value)
            let known = values.compactMap { $0 }
            let range =
                known.isEmpty
                ? "no values"
                : "min \(Render.number(known.min()!)) · max \(Render.number(known.max()!)) · last \(Render.number(values.last ?? nil))"
            out.append(
                s.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + Charts.sparkline(values) + "  " + Terminal.dim(range))
        }
        return out.joined(separator: "\n")
    }
}
