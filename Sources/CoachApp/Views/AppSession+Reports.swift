import CoachKit
import CoachMetrics
import CoachReport
import Foundation

extension AppSession {
    /// One athlete's HTML report over `days` days ending on the looked-at day.
    ///
    /// - Returns: the self-contained page (inline SVG and CSS, no script, no network reference).
    public func athleteReport(_ handle: Handle?, date: String?, days: Int) throws -> String {
        AthleteReport.html(try athleteReportData(handle, date: date, days: days))
    }

    /// The numbers one athlete's report draws, over `days` days ending on the looked-at day.
    ///
    /// - Returns: the report's series, one value per day of the window.
    /// - Throws: the view's failures, and `CoachKitError.outOfRange` for a window outside
    ///   7–3660 days.
    public func athleteReportData(
        _ handle: Handle?, date: String?, days: Int
    ) throws -> AthleteReportData {
        let view = try athleteView(handle, date: date, registry: .builtins)
        return try AthleteReportData(view.evaluation, at: view.moment, days: days)
    }

    /// The team page: one row per athlete the user holds and each one's last 28 days.
    public func teamReport(date: String?) throws -> String {
        let collector = TeamReportCollector(date: date, now: now)
        try workspace.forEachDataset(as: principal) { _, dataset in collector.add(dataset) }
        return TeamReportPage.html(try collector.finish(), title: "Team report")
    }
}
