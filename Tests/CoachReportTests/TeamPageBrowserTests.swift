import CoachKit
import CoachReport
import Foundation
import Testing

/// The team page in headless Chromium at a desktop's and a phone's width (issue 30, item 14):
/// nothing wider than the window, the table inside its card, every flag on screen, and the
/// screenshots that docs/reports.md shows.
///
/// The page itself runs no script (its policy forbids it), so the width is measured on a copy
/// with the policy left out and a probe script added, which writes what it measured into the
/// DOM that `--dump-dom` prints.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessChromium.path != nil,
        "chromium is not installed: skipped (apt-get install chromium, or run make test)"))
struct TeamPageBrowserTests {
    /// What the probe measures, as `key=value` pairs in a `data-probe` attribute.
    static let probe = """
        <script>
        const px = (v) => Math.ceil(v);
        const card = document.getElementById('roster').getBoundingClientRect();
        const table = document.querySelector('table.roster').getBoundingClientRect();
        const flags = [...document.querySelectorAll('.flag')].map((f) => f.getBoundingClientRect());
        const shown = flags.filter((r) => r.width > 0 && r.left >= 0
          && r.right <= window.innerWidth + 0.5).length;
        parent.postMessage([
          'window=' + window.innerWidth, 'page=' + document.documentElement.scrollWidth,
          'cardRight=' + px(card.right), 'tableRight=' + px(table.right),
          'flags=' + flags.length, 'shown=' + shown].join(' '), '*');
        </script>
        """

    /// A morning's roster: the two fixture athletes and four more made from them under other
    /// names, one with every kind of flag, so the page has flags to show and rows to order.
    static func page() throws -> String {
        let base = try TeamPageTests.entries()
        var roster = base
        let others: [(String, String, [String])] = [
            ("aiko", "Aiko Tanaka", []), ("marco", "Marco Rossi", ["load_spike"]),
            ("lena", "Lena Berg", []),
            ("tom", "Tom Hale", ["stale_check_in", "missed_session", "unusual_resting_hr"]),
        ]
        for (i, other) in others.enumerated() {
            var e = base[i % 2]
            (e.row.handle, e.row.name, e.row.flags) = other
            roster.append(e)
        }
        roster[1].row.flags = ["possible_illness", "severe_soreness", "load_spike"]
        roster[1].row.worstSoreness = .init(group: "hamstrings", level: 8)
        roster[5].row.lastCheckIn = LocalDay("2026-11-16")
        return TeamReportPage.html(roster, title: "Team report")
    }

    @Test(
        "At 1280 and 390 px the page never scrolls sideways and the table fits its card",
        arguments: [1280, 390])
    func fits(width: Int) throws {
        let browser = try HeadlessChromium(binary: try #require(HeadlessChromium.path))
        defer { browser.remove() }
        let html = try Self.page()
        let policy = try #require(
            html.range(
                of: "<meta http-equiv=\"Content-Security-Policy\"[^>]*>\n",
                options: .regularExpression))
        var probed = html
        probed.removeSubrange(policy)
        probed = probed.replacingOccurrences(of: "</body>", with: Self.probe + "</body>")
        _ = try browser.write(probed, name: "team-probe.html")
        let frame = try browser.write(
            Self.frame("team-probe.html", width: width, height: 900, listen: true),
            name: "frame.html")
        let run = try browser.open(
            frame,
            ["--dump-dom", "--virtual-time-budget=5000", "--window-size=\(Self.window(width)),900"])
        let attribute = try #require(
            run.stdout.range(of: "data-probe=\"[^\"]*\"", options: .regularExpression),
            "the probe ran: \(run.log.suffix(600))")
        let pairs = run.stdout[attribute].dropFirst(12).dropLast().split(separator: " ")
        var m: [String: Int] = [:]
        for p in pairs {
            let kv = p.split(separator: "=")
            m[String(kv[0])] = Int(kv[1])
        }
        #expect(m["window"] == width, "\(m)")
        #expect(m["page"]! <= width, "the page is wider than the window: \(m)")
        #expect(m["tableRight"]! <= m["cardRight"]!, "the table overflows its card: \(m)")
        #expect(m["flags"]! > 0 && m["shown"] == m["flags"], "every flag is on screen: \(m)")
        try Self.screenshot(browser, width: width)
    }

    /// Headless Chromium's window is at least 500 px wide, so a narrower screen is an iframe
    /// of that width, magnified to fill the window (as a phone's pixel ratio would).
    static func window(_ width: Int) -> Int { max(width, 500) }

    /// A page holding `src` in an iframe `width` CSS pixels wide, scaled to the window; with
    /// `listen`, it copies the probe's message into its own `data-probe` attribute.
    static func frame(_ src: String, width: Int, height: Int, listen: Bool) -> String {
        let scale = Double(window(width)) / Double(width)
        let script =
            listen
            ? "<script>addEventListener('message', (e) => "
                + "document.body.setAttribute('data-probe', e.data));</script>" : ""
        return "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>frame</title>"
            + "<style>body{margin:0;overflow:hidden}iframe{border:0;width:\(width)px;"
            + "height:\(height)px;transform:scale(\(scale));transform-origin:0 0}</style>"
            + "</head><body>\(script)<iframe src=\"\(src)\"></iframe></body></html>"
    }

    /// A screenshot of the real page (policy kept) at `width` CSS pixels; with
    /// `COACH_REGENERATE_FIXTURES=1` it also replaces docs/report-team-<width>.png.
    static func screenshot(_ browser: HeadlessChromium, width: Int) throws {
        _ = try browser.write(try Self.page(), name: "team.html")
        let height = width < 600 ? 2800 : 1100
        let page = try browser.write(
            Self.frame("team.html", width: width, height: height, listen: false),
            name: "shot.html")
        let file = browser.folder.appendingPathComponent("team-\(width).png")
        let scaled = Int((Double(height * window(width)) / Double(width)).rounded())
        let run = try browser.open(
            page, ["--screenshot=\(file.path)", "--window-size=\(window(width)),\(scaled)"])
        #expect(run.status == 0)
        let png = try #require(FileManager.default.contents(atPath: file.path))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let shotWidth = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(shotWidth == window(width), "the screenshot is \(shotWidth) px wide")
        let docs = TeamPageTests.docs.appendingPathComponent("report-team-\(width).png")
        if ProcessInfo.processInfo.environment["COACH_REGENERATE_FIXTURES"] == "1" {
            try? FileManager.default.removeItem(at: docs)
            try FileManager.default.copyItem(at: file, to: docs)
        }
        #expect(
            FileManager.default.fileExists(atPath: docs.path),
            "docs/report-team-\(width).png is missing; regenerate with COACH_REGENERATE_FIXTURES=1")
    }
}
