import CoachKit
import CoachMetrics
import CoachViews
import Foundation

/// The team report: a morning page with one row per athlete, flagged athletes first, and a small
/// chart of each one's last 28 days.
///
/// Pure and deterministic, like `AthleteReport`. Every athlete's sparkline and small chart is
/// drawn on one scale shared by the whole roster (stated on the page), so a taller line is more
/// fitness, not a different axis.
public enum TeamReportPage {
    /// Renders the page for `entries`, flagged athletes first (`ordered`).
    ///
    /// - Parameters:
    ///   - entries: one entry per athlete, in any order.
    ///   - title: the page heading, e.g. the coach's name.
    /// - Returns: the self-contained page.
    public static func html(_ entries: [TeamReportEntry], title: String = "Team report") -> String {
        let entries = ordered(entries)
        var body = "<header>\n<h1>\(ReportText.escape(title))</h1>\n"
        let days = Set(entries.map(\.row.day)).sorted()
        let dayText =
            days.count == 1
            ? days[0].description : days.isEmpty ? "–" : "\(days.first!) to \(days.last!)"
        let flagged = entries.filter(\.row.isFlagged).count
        body +=
            "<p class=\"sub\">\(entries.count) athletes, each on their own day (\(dayText)); "
            + "\(flagged) flagged, listed first.</p>\n</header>\n"
        body += table(entries, fitness: fitnessScale(entries))
        body += multiples(entries, frame: sharedFrame(entries))
        return ReportStyle.page(title: title, body: body, wide: true)
    }

    /// The page's order: athletes with an urgent flag (`TeamRow.urgentFlags`), then the other
    /// flagged ones, then the rest; by handle within each part.
    ///
    /// - Parameter entries: the roster's entries in any order.
    /// - Returns: the entries in the order the page lists them.
    public static func ordered(_ entries: [TeamReportEntry]) -> [TeamReportEntry] {
        func rank(_ e: TeamReportEntry) -> Int {
            e.row.flags.contains(where: FlagWording.isUrgent) ? 0 : e.row.isFlagged ? 1 : 2
        }
        return entries.sorted { (rank($0), $0.row.handle) < (rank($1), $1.row.handle) }
    }

    /// The one frame every small chart is drawn in: it covers every athlete's TSS, CTL and TSB
    /// of the window, and zero.
    ///
    /// - Parameter entries: the roster's entries.
    /// - Returns: the shared frame.
    public static func sharedFrame(_ entries: [TeamReportEntry]) -> ChartFrame {
        ChartFrame(
            count: TeamReportEntry.days,
            values: entries.flatMap { ($0.tss + $0.ctl + $0.tsb).compactMap { $0 } },
            include: [0], height: 150)
    }

    /// The fitness sparklines' shared range: from zero (fitness is a quantity, so a line's
    /// height compares with another's) to a round number above the roster's highest CTL.
    ///
    /// - Parameter entries: the roster's entries.
    /// - Returns: the frame whose `low` and `high` every sparkline uses.
    public static func fitnessScale(_ entries: [TeamReportEntry]) -> ChartFrame {
        ChartFrame(
            count: TeamReportEntry.days, values: entries.flatMap { $0.ctl.compactMap { $0 } },
            include: [0, 10], height: 30)
    }

    /// The small multiples, one figure per athlete, all on `frame`.
    static func multiples(_ entries: [TeamReportEntry], frame: ChartFrame) -> String {
        var out = "<section class=\"card\" id=\"multiples\" aria-labelledby=\"multiples-h\">\n"
        out += "<h2 id=\"multiples-h\">Last \(TeamReportEntry.days) days per athlete</h2>\n"
        out +=
            "<p class=\"source\">Source: training-load provider, daily series tss, ctl and "
            + "tsb</p>\n"
        out +=
            "<p class=\"note\" id=\"shared-scale\">Every chart has the same scale, "
            + "\(ReportText.fixed(frame.low, 0)) to \(ReportText.fixed(frame.high, 0)) (TSS, CTL "
            + "and TSB), so charts compare across athletes.</p>\n"
        let keys: [ChartSection.Key] = [
            .init("bar", "f-grey bar-soft", "TSS per day"),
            .init("line", "c-blue", "CTL (fitness)"),
            .init("line", "c-orange dash", "TSB (form, dashed)"),
        ]
        out +=
            "<ul class=\"legend\">"
            + keys.map { "<li>\(ChartSection.sample($0))\($0.label)</li>" }.joined() + "</ul>\n"
        return out + "<div class=\"multiples\">\n"
            + entries.enumerated().map { multiple($1, index: $0, frame: frame) }.joined()
            + "</div>\n</section>\n"
    }

    /// One athlete's small chart: TSS bars, CTL and TSB over 28 days on the shared frame.
    static func multiple(_ e: TeamReportEntry, index: Int, frame: ChartFrame) -> String {
        var svg = SVGCanvas(id: "m\(index)", days: e.window)
        _ = svg.panel(frame, label: "")
        svg.bars(frame, e.tss, css: "f-grey bar-soft")
        svg.line(frame, e.ctl, css: "c-blue")
        svg.line(frame, e.tsb, css: "c-orange dash")
        svg.endPanel()
        var desc =
            "\(e.row.name): daily TSS, CTL and TSB over the \(e.window.count) days to \(e.row.day)."
        if let c = AthleteCharts.last(e.ctl), let b = AthleteCharts.last(e.tsb) {
            desc += " Latest CTL \(ReportText.fixed(c)), TSB \(ReportText.signed(b))."
        } else {
            desc += " No training history in these days."
        }
        return
            "<figure>\n<figcaption>\(ReportText.escape(e.row.name)) · \(e.row.day)</figcaption>\n"
            + svg.svg(title: "\(e.row.name), last \(e.window.count) days", description: desc)
            + "\n</figure>\n"
    }
}
