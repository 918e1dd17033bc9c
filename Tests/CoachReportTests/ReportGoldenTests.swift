import CoachKit
import CoachMetrics
import CoachReport
import CoachViews
import Foundation
import Testing

/// Same data, same bytes: the pages match their golden files, and hold nothing that could reach
/// the network or run code.
@Suite struct ReportGoldenTests {
    static func athletePage() throws -> String {
        AthleteReport.html(try ReportFixture.report(days: 60))
    }

    static func teamPage() throws -> String {
        let jane = try JSONDecoder().decode(
            AthleteDataset.self, from: try ReportFixture.data("views-60-days.json"))
        let moment = ViewMoment(day: LocalDay("2026-11-20")!, now: nil)
        let entries = try [ReportFixture.dataset(), jane].map {
            try TeamReportEntry(MetricEvaluation($0), at: moment)
        }
        return TeamReportPage.html(entries.sorted { $0.row.handle < $1.row.handle })
    }

    /// Compares `page` with `golden/<name>`; `COACH_REGENERATE_FIXTURES=1` rewrites the file.
    static func check(_ page: String, golden name: String) throws {
        let url = ReportFixture.fixtures.appendingPathComponent("golden/\(name)")
        if ProcessInfo.processInfo.environment["COACH_REGENERATE_FIXTURES"] == "1" {
            try Data(page.utf8).write(to: url)
        }
        guard let golden = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "missing golden file \(url.path); regenerate with COACH_REGENERATE_FIXTURES=1")
            return
        }
        #expect(Data(page.utf8) == golden, "\(name) differs from its golden file")
    }

    @Test("The athlete report matches its golden file byte for byte")
    func athleteReport() throws {
        try Self.check(try Self.athletePage(), golden: "ReportGoldenTests.athleteReport.html")
    }

    @Test("The team report matches its golden file byte for byte")
    func teamReport() throws {
        try Self.check(try Self.teamPage(), golden: "ReportGoldenTests.teamReport.html")
    }

    @Test("Rendering twice, with the days scored in parallel, gives identical bytes")
    func deterministic() throws {
        let a = try Self.athletePage()
        let b = try Self.athletePage()
        #expect(a == b)
        #expect(try Self.teamPage() == (try Self.teamPage()))
    }

    @Test("Pages have no script, no network address and no external resource", arguments: [0, 1])
    func selfContained(which: Int) throws {
        let page = which == 0 ? try Self.athletePage() : try Self.teamPage()
        let lower = page.lowercased()
        for banned in [
            "<script", "http:", "https:", "//cdn", "@import", "@font-face", "<link", "<img",
            "<iframe", "src=", "javascript:",
        ] {
            #expect(!lower.contains(banned), "found \(banned)")
        }
        let urls = lower.components(separatedBy: "url(").dropFirst()
        #expect(urls.allSatisfy { $0.hasPrefix("#") }, "every url() points inside the page")
        #expect(page.contains("default-src 'none'"))
        #expect(page.contains("prefers-color-scheme: dark") && page.contains("@media print"))
    }

    @Test("Every chart has a heading, a data source and a text alternative")
    func textAlternatives() throws {
        let data = try ReportFixture.report(days: 60)
        let page = AthleteReport.html(data)
        for chart in AthleteCharts.all(data) {
            #expect(page.contains(">\(ReportText.escape(chart.title))</h2>"))
            #expect(page.contains("Source: \(ReportText.escape(chart.source))"))
            #expect(page.contains("aria-labelledby=\"\(chart.id)-t \(chart.id)-d\""))
            #expect(
                page.contains("<title id=\"\(chart.id)-t\">")
                    && page.contains("<desc id=\"\(chart.id)-d\">"))
        }
        #expect(AthleteCharts.all(data).count == 9)
    }

    @Test("The team report has one row and one small chart per athlete")
    func teamRows() throws {
        let page = try Self.teamPage()
        #expect(page.components(separatedBy: "<th scope=\"row\">").count - 1 == 2)
        #expect(page.components(separatedBy: "<figure>").count - 1 == 2)
        #expect(
            page.contains("@rhea") && page.contains("@jane")
                && page.contains("missed a planned session"))
    }
}
