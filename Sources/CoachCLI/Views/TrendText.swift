import CoachKit
import CoachViews

/// Renders `coach trend`: one sparkline per series with its range and latest value.
enum TrendText {
    static func render(_ t: Trend) -> String {
        guard let first = t.series.first?.points.first?.day,
            let last = t.series.first?.points.last?.day
        else { return "" }
        var out = [Terminal.bold("\(t.handle) · \(first) → \(last)")]
        let width = t.series.map(\.name.count).max() ?? 0
        var lines: [(name: String, values: [Double?], range: String, scale: ClosedRange<Double>?)] =
            []
        for s in t.series {
            let values = s.points.map(\.value)
            let scale = Self.scale(values.compactMap { $0 })
            let range =
                scale.map {
                    "scaled \(Render.number($0.lowerBound))–\(Render.number($0.upperBound))"
                        + " · last \(Render.number(values.last ?? nil))"
                } ?? "no values"
            lines.append((s.name, values, range, scale))
        }
        // Each line has its own scale, which the text beside it gives; when the
        // output is narrower than the days, days are averaged into fewer characters.
        let longest = lines.map(\.range.count).max() ?? 0
        let room = Render.width.map { max(10, $0 - width - 4 - longest) }
        for line in lines {
            let values = room.map { resample(line.values, to: $0) } ?? line.values
            out.append(
                line.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + Charts.sparkline(
                        values, lower: line.scale?.lowerBound, upper: line.scale?.upperBound)
                    + "  " + Terminal.dim(line.range))
        }
        if let first = lines.first, let room, first.values.count > room {
            out.append(Terminal.dim("(each character averages several days to fit the width)"))
        }
        return Render.fitLines(out.joined(separator: "\n"))
    }

    /// A line's scale: its values' range, widened about its middle to at least a quarter of
    /// the largest magnitude (and at least 1), so a fitness of 58–61 draws as the near-flat
    /// line it is, not a roller coaster.
    static func scale(_ known: [Double]) -> ClosedRange<Double>? {
        guard let lo = known.min(), let hi = known.max() else { return nil }
        let span = max(hi - lo, max(abs(lo), abs(hi)) / 4, 1)
        let middle = (lo + hi) / 2
        let low = (middle - span / 2).rounded(.down)
        return low...max((middle + span / 2).rounded(.up), low + 1)
    }

    /// `values` averaged into at most `count` buckets (gaps stay gaps).
    static func resample(_ values: [Double?], to count: Int) -> [Double?] {
        guard values.count > count, count > 0 else { return values }
        return (0..<count).map { i in
            let lo = i * values.count / count, hi = (i + 1) * values.count / count
            let known = values[lo..<max(hi, lo + 1)].compactMap { $0 }
            return known.isEmpty ? nil : known.reduce(0, +) / Double(known.count)
        }
    }
}
