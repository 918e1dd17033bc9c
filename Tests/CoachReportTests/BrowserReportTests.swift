import CoachKit
import CoachReport
import Foundation
import Testing

/// The athlete and team reports opened in headless Chromium.
///
/// How "no network request" is checked, and why this way: the page carries a
/// Content-Security-Policy of `default-src 'none'`, so a reference that slipped in would be
/// blocked before any connection, and Chromium reports the violation as a console message — the
/// console check catches it. Blocking alone would hide an attempt, though, so the browser also
/// writes its net log (`--log-net-log`), and the test requires that no URL appears there except
/// the browser's own background services (initiator "not an origin") and the page's file. A
/// negative control proves that check can fail: a page without the policy that loads an image
/// from a TEST-NET address (192.0.2.1, never routed) must show up as a page request.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessChromium.path != nil,
        "chromium is not installed: skipped (apt-get install chromium, or run make test)"))
struct BrowserReportTests {
    static let shots = FileManager.default.temporaryDirectory.appendingPathComponent(
        "coach-report-screenshots")

    @Test(
        "The athlete report opens with no console message or request, and every title and source"
    )
    func athlete() throws {
        let browser = try HeadlessChromium(binary: try #require(HeadlessChromium.path))
        defer { browser.remove() }
        let data = try ReportFixture.report(days: 60)
        let page = try browser.write(AthleteReport.html(data), name: "athlete.html")
        let run = try browser.open(page, ["--dump-dom"])
        #expect(run.status == 0, "chromium exited \(run.status)")
        #expect(
            HeadlessChromium.consoleLines(run.log).isEmpty,
            "console: \(HeadlessChromium.consoleLines(run.log))")
        #expect(run.pageRequests.isEmpty, "the page asked for \(run.pageRequests)")
        #expect(run.stdout.contains("</main>"), "the DOM was dumped")
        // The DOM serialiser escapes only &, < and > in text, so compare with those escaped.
        func text(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
                of: "<", with: "&lt;"
            )
            .replacingOccurrences(of: ">", with: "&gt;")
        }
        for chart in AthleteCharts.all(data) {
            #expect(run.stdout.contains(">" + text(chart.title) + "</h2>"), "title \(chart.title)")
            #expect(
                run.stdout.contains("Source: " + text(chart.source)), "source of \(chart.title)")
        }
        try Self.screenshot(browser, page, name: "athlete-report.png")
    }

    @Test("The team report renders with no console message and no network request")
    func team() throws {
        let browser = try HeadlessChromium(binary: try #require(HeadlessChromium.path))
        defer { browser.remove() }
        let page = try browser.write(try ReportGoldenTests.teamPage(), name: "team.html")
        let run = try browser.open(page, ["--dump-dom"])
        #expect(
            HeadlessChromium.consoleLines(run.log).isEmpty,
            "console: \(HeadlessChromium.consoleLines(run.log))")
        #expect(run.pageRequests.isEmpty, "the page asked for \(run.pageRequests)")
        #expect(
            run.stdout.contains("Athletes") && run.stdout.contains("Source: training-load provider")
        )
        try Self.screenshot(browser, page, name: "team-report.png")
    }

    @Test("Negative control: a page that loads a remote image is caught by the net-log check")
    func control() throws {
        let browser = try HeadlessChromium(binary: try #require(HeadlessChromium.path))
        defer { browser.remove() }
        let page = try browser.write(
            "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>c</title></head>"
                + "<body><img src=\"http://192.0.2.1/x.png\" alt=\"\"></body></html>",
            name: "control.html")
        let run = try browser.open(page, ["--dump-dom"], timeout: 60)
        #expect(
            run.pageRequests.contains("http://192.0.2.1/x.png"),
            "net-log check missed the request: \(run.pageRequests)")
    }

    /// Takes a full-page screenshot into the screenshots folder and checks it is a real PNG.
    static func screenshot(_ browser: HeadlessChromium, _ page: URL, name: String) throws {
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let file = shots.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: file)
        let run = try browser.open(page, ["--screenshot=\(file.path)", "--window-size=820,4200"])
        #expect(run.status == 0)
        let png = try #require(
            FileManager.default.contents(atPath: file.path), "no screenshot at \(file.path)")
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(
            png.count > 20_000, "a screenshot of charts is not a blank page (\(png.count) bytes)")
    }
}
