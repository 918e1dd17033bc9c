import CoachKit
import CoachViews
import Foundation

extension TeamReportPage {
    /// The roster table, with units and band names in the cells so colour is never needed.
    ///
    /// Each cell carries its column's name (`data-label`), so a narrow screen shows every row as
    /// a card of labelled lines instead of a table wider than the page.
    static func table(_ entries: [TeamReportEntry], fitness: ChartFrame) -> String {
        var out =
            "<section class=\"card\" id=\"roster\" aria-labelledby=\"roster-h\">\n<h2 "
            + "id=\"roster-h\">Athletes</h2>\n"
        out +=
            "<p class=\"source\">Source: readiness, training-load, stress, adherence and "
            + "self-assessment providers; flags from every provider and the plan</p>\n"
        let scale = "\(ReportText.fixed(fitness.low, 0))–\(ReportText.fixed(fitness.high, 0))"
        out +=
            "<p class=\"note\" id=\"fitness-scale\">Fitness lines (CTL, last "
            + "\(TeamReportEntry.days) days) share one scale, \(scale), for every athlete. Flags "
            + "with a red bar are the ones to see first.</p>\n"
        let columns: [(String, Bool)] = [
            ("Day", false), ("Readiness", true), ("Form (TSB)", true), ("Stress", true),
            ("Adherence 28 d", true), ("Self-assessment", true),
            ("Fitness (CTL \(scale))", false), ("Flags", false),
        ]
        out += "<table class=\"roster\">\n<thead><tr><th scope=\"col\">Athlete</th>"
        for (name, numeric) in columns {
            out += "<th scope=\"col\"\(numeric ? " class=\"num\"" : "")>\(name)</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for (i, e) in entries.enumerated() {
            out += row(e, index: i, fitness: fitness, labels: columns.map(\.0))
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }

    /// One athlete's row.
    static func row(_ e: TeamReportEntry, index: Int, fitness: ChartFrame, labels: [String])
        -> String
    {
        let r = e.row
        let readiness = r.readiness.map { "\($0)" + (r.zone.map { " \($0.name)" } ?? "") } ?? "–"
        let stress = r.stress.map { "\($0)" + (r.stressBand.map { " \($0.name)" } ?? "") } ?? "–"
        let cells: [(String, Bool)] = [
            ("\(r.day)", false),  // class "day" below: never wrapped
            (ReportText.escape(readiness), true),
            (r.form.map { ReportText.signed($0) } ?? "–", true),
            (ReportText.escape(stress), true),
            (r.adherence28d.map { ReportText.fixed($0, 0) + "%" } ?? "–", true),
            (r.selfAssessment.map(String.init) ?? "–", true),
            (sparkline(e, index: index, scale: fitness), false),
            (flags(r), false),
        ]
        var out =
            "<tr\(r.isFlagged ? " class=\"flagged\"" : "")><th scope=\"row\">"
            + "\(ReportText.escape(r.name)) <span class=\"sub\">@\(ReportText.escape(r.handle))"
            + "</span></th>"
        for (label, cell) in zip(labels, cells) {
            let css = cell.1 ? " class=\"num\"" : label == "Day" ? " class=\"day\"" : ""
            out +=
                "<td\(css) data-label=\"\(ReportText.escape(label))\">"
                + "\(cell.0)</td>"
        }
        return out + "</tr>\n"
    }

    /// The row's flags as plain words (`FlagWording`), the urgent ones marked in red.
    static func flags(_ row: TeamRow) -> String {
        guard row.isFlagged else { return "<span class=\"sub\">none</span>" }
        let items = row.flags.map { flag in
            let urgent = FlagWording.isUrgent(flag)
            return "<li class=\"flag\(urgent ? " urgent" : "")\">"
                + ReportText.escape(FlagWording.phrase(flag, in: row)) + "</li>"
        }
        return "<ul class=\"flags\">" + items.joined() + "</ul>"
    }

    /// A 28-day CTL line on the roster's shared `scale`, with its latest value beside it.
    static func sparkline(_ e: TeamReportEntry, index: Int, scale: ChartFrame) -> String {
        let (width, height) = (112.0, 28.0)
        let span = max(scale.high - scale.low, 1)
        let step = width / Double(max(1, e.ctl.count - 1))
        var d = ""
        var drawing = false
        for (i, v) in e.ctl.enumerated() {
            guard let v, v.isFinite else {
                drawing = false
                continue
            }
            let y = 1 + (scale.high - v) / span * (height - 2)
            d +=
                (d.isEmpty ? "" : " ") + (drawing ? "L" : "M") + ReportText.fixed(Double(i) * step)
                + " " + ReportText.fixed(y)
            drawing = true
        }
        guard !d.isEmpty, let last = AthleteCharts.last(e.ctl) else { return "–" }
        let text =
            "CTL \(ReportText.fixed(last, 0)) on a \(ReportText.fixed(scale.low, 0))–"
            + "\(ReportText.fixed(scale.high, 0)) scale"
        return
            "<span class=\"sparkrow\"><svg class=\"spark\" viewBox=\"0 0 112 28\" role=\"img\" "
            + "aria-labelledby=\"s\(index)-t\"><title id=\"s\(index)-t\">\(text)</title>"
            + "<line class=\"grid\" x1=\"0\" x2=\"112\" y1=\"27\" y2=\"27\"/>"
            + "<path class=\"line c-blue\" d=\"\(d)\"/></svg> "
            + "<span class=\"num\">\(ReportText.fixed(last, 0))</span></span>"
    }
}
