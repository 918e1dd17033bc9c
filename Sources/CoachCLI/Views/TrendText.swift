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
        var lines: [(name: String, values: [Double?], range: String)] = []
        for s in t.series {
            let values = s.points.map(\.value)
            let known = values.compactMap { $0 }
            let range =
                known.isEmpty
                ? "no values"
                : "scaled \(Render.number(known.min()!))–\(Render.number(known.max()!))"
                    + " · last \(Render.number(values.last ?? nil))"
            lines.append((s.name, values, range))
        }
        // Each line is scaled to its own range, which the text beside it gives; when the
        // output is narrower than the days, days are averaged into fewer characters.
        let longest = lines.map(\.range.count).max() ?? 0
        let room = Render.width.map { max(10, $0 - width - 4 - longest) }
        for line in lines {
            let values = room.map { resample(line.values, to: $0) } ?? line.values
            out.append(
                line.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + Charts.sparkline(values) + "  " + Terminal.dim(line.range))
        }
        if let first = lines.first, let room, first.values.count > room {
            out.append(Terminal.dim("(each character averages several days to fit the width)"))
        }
        return Render.fitLines(out.joined(separator: "\n"))
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
