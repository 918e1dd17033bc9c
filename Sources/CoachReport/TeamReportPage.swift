import CoachKit
import CoachMetrics
import Foundation

/// The team report: a table with one row per athlete and a small chart of each one's last 28 days.
///
/// Pure and deterministic, like `AthleteReport`.
public enum TeamReportPage {
    /// Renders the page for `entries` (in the order given).
    ///
    /// - Parameter title: the page heading, e.g. the coach's name.
    public static func html(_ entries: [TeamReportEntry], title: String = "Team report") -> String {
        var body = "<header>\n<h1>\(ReportText.escape(title))</h1>\n"
        let days = Set(entries.map(\.row.day)).sorted()
        let dayText =
            days.count == 1
            ? days[0].description : days.isEmpty ? "–" : "\(days.first!) to \(days.last!)"
        let flagged = entries.filter(\.row.isFlagged).count
        body +=
            "<p class=\"sub\">\(entries.count) athletes, each on their own day (\(dayText)); "
            + "\(flagged) flagged.</p>\n</header>\n"
        body += table(entries)
        body += "<section class=\"card\" id=\"multiples\" aria-labelledby=\"multiples-h\">\n"
        body += "<h2 id=\"multiples-h\">Last \(TeamReportEntry.days) days per athlete</h2>\n"
        body +=
            "<p class=\"source\">Source: training-load provider, daily series tss, ctl and "
            + "tsb</p>\n"
        let keys: [ChartSection.Key] = [
            .init("bar", "f-grey bar-soft", "TSS per day"),
            .init("line", "c-blue", "CTL (fitness)"),
            .init("line", "c-orange dash", "TSB (form, dashed)"),
        ]
        body +=
            "<ul class=\"legend\">"
            + keys.map { "<li>\(ChartSection.sample($0))\($0.label)</li>" }.joined() + "</ul>\n"
        body +=
            "<div class=\"multiples\">\n"
            + entries.enumerated().map { multiple($1, index: $0) }.joined() + "</div>\n</section>\n"
        return ReportStyle.page(title: title, body: body)
    }

    /// The roster table, with units and band names in the cells so colour is never needed.
    static func table(_ entries: [TeamReportEntry]) -> String {
        var out =
            "<section class=\"card\" id=\"roster\" aria-labelledby=\"roster-h\">\n<h2 "
            + "id=\"roster-h\">Athletes</h2>\n"
        out +=
            "<p class=\"source\">Source: readiness, training-load, stress, adherence and "
            + "self-assessment providers; flags from every provider and the plan</p>\n"
        out +=
            "<table>\n<thead><tr><th scope=\"col\">Athlete</th><th scope=\"col\">Day</th><th "
            + "scope=\"col\" class=\"num\">Readiness</th>"
            + "<th scope=\"col\" class=\"num\">Form (TSB)</th><th scope=\"col\" "
            + "class=\"num\">Stress</th>"
            + "<th scope=\"col\" class=\"num\">Adherence 28 d</th><th scope=\"col\" "
            + "class=\"num\">Self-assessment</th>"
            + "<th scope=\"col\">Flags</th></tr></thead>\n<tbody>\n"
        for e in entries {
            let r = e.row
            let readiness =
                r.readiness.map { "\($0)" + (r.zone.map { " \($0.name)" } ?? "") } ?? "–"
            let stress =
                r.stress.map { "\($0)" + (r.stressBand.map { " \($0.name)" } ?? "") } ?? "–"
            let adherence = r.adherence28d.map { ReportText.fixed($0, 0) + "%" } ?? "–"
            let flags =
                r.flags.isEmpty
                ? "none" : ReportText.escape(r.flags.joined(separator: ", "))
            out +=
                "<tr><th scope=\"row\">\(ReportText.escape(r.name)) <span "
                + "class=\"sub\">@\(ReportText.escape(r.handle))</span></th>"
                + "<td>\(r.day)</td><td class=\"num\">\(ReportText.escape(readiness))</td>"
                + "<td class=\"num\">\(r.form.map { ReportText.signed($0) } ?? "–")</td>"
                + "<td class=\"num\">\(ReportText.escape(stress))</td>"
                + "<td class=\"num\">\(adherence)</td>"
                + "<td class=\"num\">\(r.selfAssessment.map(String.init) ?? "–")</td>"
                + "<td>\(flags)</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }

    /// One athlete's small chart: TSS bars, CTL and TSB over 28 days on one scale.
    static func multiple(_ e: TeamReportEntry, index: Int) -> String {
        let id = "m\(index)"
        let frame = ChartFrame(
            count: e.window.count, values: (e.tss + e.ctl + e.tsb).compactMap { $0 }, include: [0],
            height: 150)
        var svg = SVGCanvas(id: id, days: e.window)
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
