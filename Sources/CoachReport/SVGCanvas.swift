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
        let (x0, x1) = (n(ChartFrame.left), n(ChartFrame.width - ChartFrame.right))
        for t in frame.ticks {
            let y = n(frame.y(t))
            add(tag("line", ("class", "grid"), ("x1", x0), ("x2", x1), ("y1", y), ("y2", y)))
            add(
                tag(
                    "text", ("class", "tick"), ("x", n(ChartFrame.left - 6)), ("y", y),
                    ("text-anchor", "end"),
                    ("dy", "0.32em"), text: ReportText.fixed(t, digits)))
        }
        add(tag("text", ("class", "axis"), ("x", "4"), ("y", "10"), text: ReportText.escape(label)))
        let step = max(1, Int((Double(days.count) / 8).rounded(.up)))
        for (i, d) in days.enumerated() where (days.count - 1 - i) % step == 0 {
            add(
                tag(
                    "text", ("class", "tick"), ("x", n(frame.x(i))), ("y", n(frame.baseline + 15)),
                    ("text-anchor", "middle"), text: String(d.description.dropFirst(5))))
        }
        let base = n(frame.baseline)
        add(tag("line", ("class", "axisline"), ("x1", x0), ("x2", x1), ("y1", base), ("y2", base)))
        return offset
    }

    /// Closes the current panel.
    mutating func endPanel() { add("</g>") }

    /// A line through `values` with gaps left open; isolated days get a dot so they still show.
    mutating func line(_ frame: ChartFrame, _ values: [Double?], css: String) {
        let d = frame.path(values)
        if !d.isEmpty { add(tag("path", ("class", "line \(css)"), ("d", d))) }
        for i in frame.isolated(values) {
            add(
                tag(
                    "circle", ("class", "dotmark \(css)"), ("cx", n(frame.x(i))),
                    ("cy", n(frame.y(values[i]!))),
                    ("r", "2")))
        }
    }

    /// One bar per day from `base` to the value; gaps draw nothing.
    mutating func bars(
        _ frame: ChartFrame, _ values: [Double?], css: String, base: Double = 0,
        cssFor: ((Int) -> String)? = nil
    ) {
        let w = max(1, frame.slot * 0.7)
        for (i, v) in values.enumerated() {
            guard let v, v.isFinite else { continue }
            let (y0, y1) = (frame.y(base), frame.y(v))
            add(
                tag(
                    "rect", ("class", cssFor?(i) ?? css), ("x", n(frame.x(i) - w / 2)),
                    ("y", n(min(y0, y1))),
                    ("width", n(w)), ("height", n(abs(y1 - y0)))))
        }
    }

    /// A horizontal band from `low` to `high` (clipped to the frame), named at its right end.
    mutating func zone(_ frame: ChartFrame, low: Double, high: Double, css: String, label: String) {
        let lo = max(low, frame.low)
        let hi = min(high, frame.high)
        guard hi > lo else { return }
        let (y0, y1) = (frame.y(hi), frame.y(lo))
        add(
            tag(
                "rect", ("class", "zone \(css)"), ("x", n(ChartFrame.left)), ("y", n(y0)),
                ("width", n(frame.plotWidth)), ("height", n(y1 - y0))))
        if y1 - y0 >= 9 {
            add(
                tag(
                    "text", ("class", "zonelabel"),
                    ("x", n(ChartFrame.width - ChartFrame.right - 4)),
                    ("y", n((y0 + y1) / 2)), ("text-anchor", "end"), ("dy", "0.32em"),
                    text: ReportText.escape(label)))
        }
    }

    /// A band between two series, one polygon per run of days where both exist.
    mutating func range(_ frame: ChartFrame, low: [Double?], high: [Double?], css: String) {
        var run: [Int] = []
        func flush() {
            guard !run.isEmpty else { return }
            let top = run.map { frame.point($0, high[$0]!) }
            let bottom = run.reversed().map { frame.point($0, low[$0]!) }
            add(
                tag(
                    "polygon", ("class", "band \(css)"),
                    ("points", (top + bottom).joined(separator: " "))))
            run = []
        }
        for i in low.indices {
            if low[i] != nil, high[i] != nil { run.append(i) } else { flush() }
        }
        flush()
    }

    /// A glyph above the plot for each day in `indices` (e.g. a flag).
    mutating func markers(
        _ frame: ChartFrame, _ indices: [Int], glyph: String, css: String, y: Double
    ) {
        for i in indices {
            add(
                tag(
                    "text", ("class", "marker \(css)"), ("x", n(frame.x(i))), ("y", n(y)),
                    ("text-anchor", "middle"),
                    text: glyph))
        }
    }

    private func tag(_ name: String, _ attributes: (String, String)..., text: String? = nil)
        -> String
    {
        ReportText.tag(name, attributes, text: text)
    }

    private func n(_ value: Double) -> String { ReportText.fixed(value) }

    /// The finished `<svg>` with its title and description as the text alternative.
    func svg(title: String, description: String) -> String {
        Self.wrap(id: id, height: height, title: title, description: description, body: body)
    }

    /// An `<svg>` of the report's width around `body`, with a title and description for
    /// assistive technology.
    static func wrap(id: String, height: Double, title: String, description: String, body: String)
        -> String
    {
        let box = "0 0 \(ReportText.fixed(ChartFrame.width, 0)) \(ReportText.fixed(height, 0))"
        return
            "<svg class=\"chart\" viewBox=\"\(box)\" role=\"img\" aria-labelledby=\"\(id)-t "
            + "\(id)-d\">\n"
            + "<title id=\"\(id)-t\">\(ReportText.escape(title))</title>\n"
            + "<desc id=\"\(id)-d\">\(ReportText.escape(description))</desc>\n" + body + "</svg>"
    }
}
