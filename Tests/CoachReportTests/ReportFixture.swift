import CoachKit
import CoachMetrics
import CoachReport
import CoachTestSupport
import CoachViews
import Foundation
import Testing

/// The report fixture: 100 days of generated data for `rhea` with a watch-less week, days without
/// food or wellness, a five-week plan (Monday sessions are never done) and one low-energy day.
enum ReportFixture {
    static let fixtures = TestFixtures.directory

    /// Saturday after the last logged day: a day with a planned session and no data yet.
    static let day = LocalDay("2026-11-21")!
    /// 18:00 of `day` in the athlete's zone (UTC+1).
    static let now = Date(timeIntervalSince1970: 1_795_280_400)

    static func data(_ name: String) throws -> Data {
        let url = fixtures.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing fixture \(url.path)")
            throw CocoaError(.fileNoSuchFile)
        }
        return data
    }

    static func dataset() throws -> AthleteDataset {
        try JSONDecoder().decode(AthleteDataset.self, from: try data("report-athlete.json"))
    }

    static func evaluation() throws -> MetricEvaluation { MetricEvaluation(try dataset()) }

    static var moment: ViewMoment { ViewMoment(day: day, now: now) }

    static func report(days: Int = 60) throws -> AthleteReportData {
        try AthleteReportData(try evaluation(), at: moment, days: days)
    }

    /// The `d` attribute of the first `<path>` whose class list contains `css`.
    static func path(_ html: String, css: String) -> String? {
        let parts = html.components(separatedBy: "<path class=\"")
        for p in parts.dropFirst() {
            let cls = p.prefix { $0 != "\"" }
            guard cls.split(separator: " ").contains(Substring(css)), let r = p.range(of: "d=\"")
            else { continue }
            return String(p[r.upperBound...].prefix { $0 != "\"" })
        }
        return nil
    }

    /// The points of an SVG path `M x y L x y …`, one array per `M` run.
    static func runs(_ d: String) -> [[(x: Double, y: Double)]] {
        var out: [[(x: Double, y: Double)]] = []
        let tokens = d.split(separator: " ")
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            let command = t.first!
            let x = Double(t.dropFirst())!
            let y = Double(tokens[i + 1])!
            if command == "M" { out.append([]) }
            out[out.count - 1].append((x, y))
            i += 2
        }
        return out
    }
}
