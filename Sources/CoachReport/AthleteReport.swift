import CoachKit
import CoachMetrics
import CoachViews
import Foundation

/// The athlete report: one self-contained HTML page of charts for one athlete.
///
/// Pure and deterministic: the page depends only on the evaluation, the moment and the options
/// (no clock, no randomness, no locale), so the same data gives the same bytes.
public enum AthleteReport {
    /// Options of the athlete report.
    public struct Options: Sendable, Equatable {
        /// Days shown, ending on the report's day (7–3660).
        public var days: Int

        public init(days: Int = 90) { self.days = days }
    }

    /// Gathers the numbers and renders the page.
    ///
    /// - Parameters:
    ///   - evaluation: the athlete's indexed data.
    ///   - moment: the day the report ends on and its "now".
    ///   - options: the window.
    /// - Returns: the HTML document.
    /// - Throws: `CoachKitError.outOfRange` for a window outside 7–3660 days.
    public static func html(
        _ evaluation: MetricEvaluation, at moment: ViewMoment,
        options: Options = Options()
    ) throws -> String {
        html(try AthleteReportData(evaluation, at: moment, days: options.days))
    }

    /// Renders gathered data as the page.
    public static func html(_ data: AthleteReportData) -> String {
        var body =
            "<header>\n<h1>\(ReportText.escape(data.name)) <span "
            + "class=\"sub\">@\(ReportText.escape(data.handle))</span></h1>\n"
        body +=
            "<p class=\"sub\">Report for \(data.day), the \(data.days.count) days from "
            + "\(data.days.first?.description ?? "") "
            + "to \(data.day). Gaps in a chart are days without data, never zeros.</p>\n</header>\n"
        body += tiles(data)
        body += workoutTable(data)
        body += "<nav class=\"sub\" aria-label=\"Charts\">Charts: "
        let sections = AthleteCharts.all(data)
        body += sections.map { "<a href=\"#\($0.id)\">\(ReportText.escape($0.title))</a>" }.joined(
            separator: " · ")
        body += "</nav>\n"
        for s in sections { body += s.html }
        return ReportStyle.page(title: "\(data.name) — report for \(data.day)", body: body)
    }

    /// The day's headline numbers as labelled tiles.
    static func tiles(_ data: AthleteReportData) -> String {
        func tile(_ label: String, _ value: String, _ detail: String) -> String {
            let sub = { (text: String) in "<span class=\"sub\">\(ReportText.escape(text))</span>" }
            return "<li>" + sub(label) + "<b>\(ReportText.escape(value))</b>" + sub(detail)
                + "</li>"
        }
        func score(_ id: String) -> (String, String) {
            guard let r = data.metric(id), r.status == .ok, let s = r.score else {
                return ("–", "no score")
            }
            return (String(s), r.band?.name ?? "")
        }
        var items: [String] = []
        let readiness = score("readiness")
        items.append(tile("Readiness", readiness.0, readiness.1))
        let load = data.metric("training-load")
        items.append(
            tile(
                "Form (TSB)", load?.number("tsb").map { ReportText.signed($0) } ?? "–",
                "CTL \(ReportText.optional(load?.number("ctl"), 1)) · ATL "
                    + "\(ReportText.optional(load?.number("atl"), 1))"
            ))
        for (id, label) in [
            ("stress", "Stress"), ("adherence", "Adherence 28 d"),
            ("self-assessment", "Self-assessment"),
            ("nutrition", "Nutrition"), ("activity", "Steps goal"),
        ] {
            let s = score(id)
            items.append(tile(label, s.0, s.1))
        }
        for (label, value, detail) in bodyTiles(data) { items.append(tile(label, value, detail)) }
        let flags = data.flags
        items.append(
            tile(
                "Flags", flags.isEmpty ? "none" : String(flags.count), flags.joined(separator: ", ")
            ))
        return "<ul class=\"tiles\" aria-label=\"Today\">" + items.joined() + "</ul>\n"
    }
}
