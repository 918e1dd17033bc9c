import CoachKit
import CoachMetrics
import CoachReport
import CoachTestSupport
import CoachViews
import Foundation
import Testing

/// The team page as a morning page (issue 30, item 14): flagged athletes first, flags in plain
/// words, and one scale shared by every athlete's charts.
@Suite struct TeamPageTests {
    /// The repository's docs folder, where the page's screenshots live.
    static let docs = TestFixtures.repoRoot.appendingPathComponent("docs")

    /// Rhea's and Jane's real entries on 2026-11-20.
    static func entries() throws -> [TeamReportEntry] {
        let jane = try JSONDecoder().decode(
            AthleteDataset.self, from: try ReportFixture.data("views-60-days.json"))
        let moment = ViewMoment(day: LocalDay("2026-11-20")!, now: nil)
        return try [ReportFixture.dataset(), jane].map {
            try TeamReportEntry(MetricEvaluation($0), at: moment)
        }
    }

    /// Rhea's entry under another handle with `flags`.
    static func variant(_ handle: String, flags: [String]) throws -> TeamReportEntry {
        var e = try entries()[0]
        e.row.handle = handle
        e.row.name = "Athlete \(handle)"
        e.row.flags = flags
        return e
    }

    @Test("Urgent flags first, then other flags, then the rest; by handle within each part")
    func order() throws {
        let roster = try [
            Self.variant("amy", flags: []), Self.variant("zed", flags: ["possible_illness"]),
            Self.variant("bob", flags: ["load_spike"]), Self.variant("ann", flags: []),
            Self.variant("cat", flags: ["severe_soreness", "detraining"]),
            Self.variant("abe", flags: ["detraining"]),
        ]
        let expected = ["cat", "zed", "abe", "bob", "amy", "ann"]
        #expect(TeamReportPage.ordered(roster).map(\.row.handle) == expected)
        let page = TeamReportPage.html(roster.reversed())
        let rows = expected.map { page.range(of: "@\($0)</span></th>")?.lowerBound }
        #expect(rows.allSatisfy { $0 != nil }, "every athlete has a row")
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0! < $1! }, "rows in page order")
        let figures = expected.map { page.range(of: "Athlete \($0) · ")?.lowerBound }
        #expect(zip(figures, figures.dropFirst()).allSatisfy { $0! < $1! }, "charts in page order")
        #expect(page.contains("6 athletes") && page.contains("4 flagged, listed first"))
    }

    @Test("Flags read as plain words with the row's facts; urgent ones are marked, no codes")
    func words() throws {
        var e = try Self.variant(
            "rhea",
            flags: TeamRow.ordered([
                "possible_illness", "severe_soreness", "stale_check_in", "missed_session",
                "unusual_hrv_rmssd", "sleep_debt", "load_spike",
            ]))
        e.row.worstSoreness = .init(group: "hip_flexors", level: 8)
        e.row.lastCheckIn = LocalDay("2026-11-14")
        let page = TeamReportPage.html([e])
        for urgent in [
            "possibly ill: HRV low and resting HR high", "very sore: hip flexors 8/10",
            "no check-in since 2026-11-14",
        ] {
            #expect(page.contains("<li class=\"flag urgent\">\(urgent)</li>"), "\(urgent)")
        }
        for other in [
            "missed a planned session", "unusual HRV", "sleep debt",
            "training load rising fast (acute:chronic above 1.5)",
        ] {
            #expect(
                page.contains("<li class=\"flag\">\(ReportText.escape(other))</li>"), "\(other)")
        }
        for code in e.row.flags { #expect(!page.contains(code), "the code \(code) is shown") }
        e.row.lastCheckIn = nil
        #expect(TeamReportPage.html([e]).contains(">never checked in</li>"))
        e.row.flags = []
        #expect(TeamReportPage.html([e]).contains("data-label=\"Flags\"><span class=\"sub\">none"))
    }

    @Test("Every small chart and every sparkline is drawn on one scale stated on the page")
    func sharedScale() throws {
        let roster = try Self.entries()
        let frame = TeamReportPage.sharedFrame(roster)
        let all = roster.flatMap { ($0.tss + $0.ctl + $0.tsb).compactMap { $0 } }
        #expect(frame.low <= min(0, all.min()!) && frame.high >= all.max()!)
        // Each athlete alone would get another frame: the test could tell a per-athlete scale.
        let own = roster.map {
            ChartFrame(
                count: 28, values: ($0.tss + $0.ctl + $0.tsb).compactMap { $0 }, include: [0],
                height: 150)
        }
        #expect(own.contains { $0 != frame }, "the fixture's athletes differ in range")
        let page = TeamReportPage.html(roster)
        #expect(
            page.contains(
                "Every chart has the same scale, \(ReportText.fixed(frame.low, 0)) to "
                    + "\(ReportText.fixed(frame.high, 0)) (TSS, CTL and TSB)"))
        let figures = page.components(separatedBy: "<figure>").dropFirst()
        for (entry, figure) in zip(TeamReportPage.ordered(roster), figures) {
            let d = try #require(ReportFixture.path(String(figure), css: "c-blue"))
            let drawn = ReportFixture.runs(d).flatMap { $0 }.map { frame.value(atY: $0.y) }
            let ctl = entry.ctl.compactMap { $0 }
            #expect(drawn.count == ctl.count)
            for (a, b) in zip(drawn, ctl) { #expect(abs(a - b) < 0.2, "\(entry.row.handle)") }
        }
        let fitness = TeamReportPage.fitnessScale(roster)
        let scale = "\(ReportText.fixed(fitness.low, 0))–\(ReportText.fixed(fitness.high, 0))"
        #expect(
            fitness.low == 0 && fitness.high >= roster.flatMap { $0.ctl.compactMap { $0 } }.max()!)
        #expect(page.contains("share one scale, \(scale), for every athlete"))
        let rows = page.components(separatedBy: "<svg class=\"spark\"").dropFirst()
        #expect(rows.count == roster.count)
        for (entry, row) in zip(TeamReportPage.ordered(roster), rows) {
            let d = try #require(ReportFixture.path(String(row), css: "c-blue"))
            let ys = ReportFixture.runs(d).flatMap { $0 }.map(\.y)
            let values = ys.map { fitness.high - ($0 - 1) / 26 * (fitness.high - fitness.low) }
            for (a, b) in zip(values, entry.ctl.compactMap { $0 }) {
                #expect(abs(a - b) < 0.5, "\(entry.row.handle) sparkline")
            }
        }
    }

    @Test("Every cell names its column, so a narrow screen shows rows as labelled cards")
    func labelledCells() throws {
        let page = TeamReportPage.html(try Self.entries())
        let cells = page.components(separatedBy: "<td").count - 1
        let labelled = page.components(separatedBy: " data-label=\"").count - 1
        #expect(cells == 16 && labelled == cells)
        #expect(page.contains("@media (max-width:700px)") && page.contains("attr(data-label)"))
    }
}
