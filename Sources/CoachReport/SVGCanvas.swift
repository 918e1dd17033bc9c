import CoachKit
import Foundation

/// Builds one chart's SVG: gridlines, axes, lines with gaps, bars and shaded bands.
///
/// Colours come from CSS classes (`c-blue` strokes, `f-blue` fills, `z-red` band tints) so the
/// light and dark schemes and print restyle the same markup. Panels stack vertically: `offset`
/// moves the next panel down.
struct SVGCanvas {
    let id: String
    let days: [LocalDay]
    private(set) var body = ""
    private(set) var height = 0.0

    init(id: String, days: [LocalDay]) {
        self.id = id
        self.days = days
    }

    /// Appends raw SVG markup.
    mutating func add(_ markup: String) { body += markup + "\n" }

    /// Starts a panel of `frame`'s height below the previous ones; returns its vertical offset.
    mutating func panel(_ frame: ChartFrame, label: String, digits: Int = 0) -> Double {
        let offset = height
        height += frame.height
        add("<g transform=\"translate(0 \(ReportText.fixed(offset, 0)))\">")
        for t in frame.ticks {
            let y = ReportText.fixed(frame.y(t))
            add("<line class=\"grid\" x1=\"\(ReportText.fixed(ChartFrame.left))\" x2=\"\(ReportText.fixed(ChartFrame.width - ChartFrame.right))\" y1=\"\(y)\" y2=\"\(y)\"/>")
            add("<text class=\"tick\" x=\"\(ReportText.fixed(ChartFrame.left - 6))\" y=\"\(y)\" text-anchor=\"end\" dy=\"0.32em\">\(ReportText.fixed(t, digits))</text>")
        }
        add("<text class=\"axis\" x=\"4\" y=\"10\">\(ReportText.escape(label))</text>")
        let step = max(1, Int((Double(days.count) / 8).rounded(.up)))
        for (i, d) in days.enumerated() where (days.count - 1 - i) % step == 0 {
            add("<text class=\"tick\" x=\"\(ReportText.fixed(frame.x(i)))\" y=\"\(ReportText.fixed(frame.baseline + 15))\" text-anchor=\"middle\">\(String(d.description.dropFirst(5)))</text>")
        }
        add("<line class=\"axisline\" x1=\"\(ReportText.fixed(ChartFrame.left))\" x2=\"\(ReportText.fixed(ChartFrame.width - ChartFrame.right))\" y1=\"\(ReportText.fixed(frame.baseline))\" y2=\"\(ReportText.fixed(frame.baseline))\"/>")
        return offset
    }

    /// Closes the current panel.
    mutating func endPanel() { add("</g>") }

    /// A line through `values` with gaps left open; isolated days get a dot so they still show.
    mutating func line(_ frame: ChartFrame, _ values: [Double?], css: String) {
        let d = frame.path(values)
        if !d.isEmpty { add("<path class=\"line \(css)\" d=\"\(d)\"/>") }
        for i in frame.isolated(values) {
            add("<circle class=\"dotmark \(css)\" cx=\"\(ReportText.fixed(frame.x(i)))\" cy=\"\(ReportText.fixed(frame.y(values[i]!)))\" r=\"2\"/>")
        }
    }

    /// One bar per day from `base` to the value; gaps draw nothing.
    mutating func bars(_ frame: ChartFrame, _ values: [Double?], css: String, base: Double = 0,
                       cssFor: ((Int) -> String)? = nil) {
        let w = max(1, frame.slot * 0.7)
        for (i, v) in values.enumerated() {
            guard let v, v.isFinite else { continue }
            let (y0, y1) = (frame.y(base), frame.y(v))
            add("<rect class=\"\(cssFor?(i) ?? css)\" x=\"\(ReportText.fixed(frame.x(i) - w / 2))\" y=\"\(ReportText.fixed(min(y0, y1)))\" width=\"\(ReportText.fixed(w))\" height=\"\(ReportText.fixed(abs(y1 - y0)))\"/>")
        }
    }

    /// A horizontal band from `low` to `high` (clipped to the frame), named at its right end.
    mutating func zone(_ frame: ChartFrame, low: Double, high: Double, css: String, label: String) {
        let lo = max(low, frame.low), hi = min(high, frame.high)
        guard hi > lo else { return }
        let (y0, y1) = (frame.y(hi), frame.y(lo))
        add("<rect class=\"zone \(css)\" x=\"\(ReportText.fixed(ChartFrame.left))\" y=\"\(ReportText.fixed(y0))\" width=\"\(ReportText.fixed(frame.plotWidth))\" height=\"\(ReportText.fixed(y1 - y0))\"/>")
        if y1 - y0 >= 9 {
            add("<text class=\"zonelabel\" x=\"\(ReportText.fixed(ChartFrame.width - ChartFrame.right - 4))\" y=\"\(ReportText.fixed((y0 + y1) / 2))\" text-anchor=\"end\" dy=\"0.32em\">\(ReportText.escape(label))</text>")
        }
    }

    /// A band between two series, one polygon per run of days where both exist.
    mutating func range(_ frame: ChartFrame, low: [Double?], high: [Double?], css: String) {
        var run: [Int] = []
        func flush() {
            guard !run.isEmpty else { return }
            let top = run.map { frame.point($0, high[$0]!) }
            let bottom = run.reversed().map { frame.point($0, low[$0]!) }
            add("<polygon class=\"band \(css)\" points=\"\((top + bottom).joined(separator: " "))\"/>")
            run = []
        }
        for i in low.indices {
            if low[i] != nil, high[i] != nil { run.append(i) } else { flush() }
        }
        flush()
    }

    /// A small marker above the plot for each day in `days` (e.g. a flag), drawn as a text glyph.
    mutating func markers(_ frame: ChartFrame, _ indices: [Int], glyph: String, css: String, y: Double) {
        for i in indices {
            add("<text class=\"marker \(css)\" x=\"\(ReportText.fixed(frame.x(i)))\" y=\"\(ReportText.fixed(y))\" text-anchor=\"middle\">\(glyph)</text>")
        }
    }

    /// The finished `<svg>` with its title and description as the text alternative.
    func svg(title: String, description: String) -> String {
        "<svg class=\"chart\" viewBox=\"0 0 \(ReportText.fixed(ChartFrame.width, 0)) \(ReportText.fixed(height, 0))\" "
            + "role=\"img\" aria-labelledby=\"\(id)-t \(id)-d\">\n"
            + "<title id=\"\(id)-t\">\(ReportText.escape(title))</title>\n"
            + "<desc id=\"\(id)-d\">\(ReportText.escape(description))</desc>\n" + body + "</svg>"
    }
}
