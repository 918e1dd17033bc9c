import CoachApp
import CoachKit
import CoachMetrics
import CoachPrompt
import CoachReport
import CoachTestSupport
import CoachViews
import Foundation
import Testing

/// Issue 29, item 2: a number must not depend on what was viewed before. Over generated
/// histories, views run in a random order — metrics and dashboards of random past days (which
/// carry and save states), trends, team tables and reports — and every number each one shows
/// equals a fresh day-by-day evaluation of the whole history, to 1e-9.
@Suite struct ViewOrderPropertyTests {
    static let first = LocalDay("2026-03-01")!
    static let days = 120
    static let now = "2026-07-02T12:00:00+02:00"

    /// The reference: each day evaluated on its own over the stored history, no carried state.
    final class Reference {
        let evaluation: MetricEvaluation
        var cache: [Int: [MetricResult]] = [:]
        init(_ dataset: AthleteDataset) { evaluation = MetricEvaluation(dataset) }
        func results(_ day: LocalDay) throws -> [MetricResult] {
            if let r = cache[day.ordinal] { return r }
            let r = try evaluation.results(day: day, now: nil)
            cache[day.ordinal] = r
            return r
        }
        func result(_ id: String, _ day: LocalDay) throws -> MetricResult? {
            try results(day).first { $0.id == id }
        }
    }

    static func same(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }

    static func expectSame(_ a: MetricResult, _ b: MetricResult, _ context: String) {
        #expect(a.status == b.status && a.score == b.score, "\(context) status/score")
        #expect(a.band == b.band && a.flags == b.flags, "\(context) band/flags")
        for (k, v) in b.values {
            #expect(same(a.values[k]?.number, v.number), "\(context) \(k)")
        }
    }

    @Test("every view's numbers equal day-by-day evaluation, whatever was viewed before")
    func randomOrders() throws {
        let s = try WorkspaceSandbox(now: Self.now, athletes: [], coach: nil)
        var g = HistoryGenerator(seed: 29)
        var handles: [Handle] = []
        for i in 0..<3 {
            var data = g.dataset(handle: "v\(i)", from: Self.first, days: Self.days)
            data.athlete.aiConsent = true
            handles.append(try s.add(data))
        }
        let session = try s.session()
        defer { session.close() }
        var refs: [String: Reference] = [:]
        for h in handles {
            let view = try session.athleteView(h, date: nil)
            refs[h.rawValue] = Reference(view.evaluation.dataset)
        }
        var seen: [String: Int] = [:]
        for step in 0..<60 {
            let h = handles[g.int(0, handles.count - 1)]
            let ref = refs[h.rawValue]!
            let day = Self.first.adding(days: g.int(0, Self.days - 1))
            let context = "step \(step) \(h.rawValue) \(day)"
            switch g.int(0, 5) {
            case 0:
                seen["metrics", default: 0] += 1
                let (_, results) = try session.metrics(h, date: day.description)
                for (a, b) in zip(results, try ref.results(day)) {
                    Self.expectSame(a, b, "\(context) metrics \(a.id)")
                }
            case 1:
                seen["dashboard", default: 0] += 1
                let d = try session.dashboard(h, date: day.description)
                for (a, b) in zip(d.metrics, try ref.results(day)) {
                    Self.expectSame(a, b, "\(context) dashboard \(a.id)")
                }
                for p in d.readinessWeek {
                    let score = try ref.result("readiness", p.day)?.score.map(Double.init)
                    #expect(p.value == score, "\(context) dashboard week \(p.day)")
                }
            case 2:
                seen["trend", default: 0] += 1
                let names = ["stress", "readiness", "ctl", "tsb", "stress.trend_delta", "exertion"]
                let trend = try session.trend(
                    h, date: day.description, series: names, days: g.int(1, 30))
                for series in trend.series {
                    for p in series.points {
                        let r = try ref.result(series.provider, p.day)
                        let v = series.value.map { r?.number($0) } ?? r?.score.map(Double.init)
                        #expect(Self.same(p.value, v), "\(context) trend \(series.name) \(p.day)")
                    }
                }
            case 3:
                seen["team", default: 0] += 1
                for row in try session.team(date: day.description).rows {
                    let ref = refs[row.handle]!
                    let expected = try TeamRow(
                        ref.evaluation, at: ViewMoment(day: day, now: nil))
                    #expect(row == expected, "\(context) team \(row.handle)")
                }
            case 4:
                seen["prompt", default: 0] += 1
                var options = PromptOptions()
                options.days = 14
                let doc = try session.exportPrompt(h, options: options, date: day.description)
                    .document
                try Self.checkPrompt(doc, ref, day: day, context)
            default:
                seen["report", default: 0] += 1
                let data = try session.athleteReportData(h, date: day.description, days: 28)
                try Self.checkReport(data, ref, context)
            }
        }
        #expect(seen.count == 6 && seen.values.allSatisfy { $0 >= 3 }, "\(seen)")
    }

    /// The report's load, readiness and stress series, day by day.
    static func checkReport(
        _ data: AthleteReportData, _ ref: Reference, _ context: String
    ) throws {
        #expect(data.days.count == 28, "\(context) report days")
        for (k, d) in data.days.enumerated() {
            let load = try ref.result("training-load", d)
            let stress = try ref.result("stress", d)
            let readiness = try ref.result("readiness", d)
            let pairs: [(String, Double?, Double?)] = [
                ("tss", data.tss[k], load?.number("tss")),
                ("ctl", data.ctl[k], load?.number("ctl")),
                ("atl", data.atl[k], load?.number("atl")),
                ("tsb", data.tsb[k], load?.number("tsb")),
                ("readiness", data.readiness[k], readiness?.score.map(Double.init)),
                (
                    "stress", data.stress[k],
                    stress?.status == .ok ? stress?.score.map(Double.init) : nil
                ),
                ("hrv_baseline", data.hrvBaseline[k], stress?.number("hrv_baseline")),
            ]
            for (name, shown, expected) in pairs {
                #expect(same(shown, expected), "\(context) report \(name) \(d)")
            }
        }
    }

    /// The export's metrics table (score per provider) and its daily table's readiness column.
    static func checkPrompt(
        _ doc: PromptDocument, _ ref: Reference, day: LocalDay, _ context: String
    ) throws {
        let tables = doc.sections.flatMap(\.tables)
        let metrics = try #require(tables.first { $0.id == "metrics" })
        for row in metrics.rows {
            let score = try ref.result(row[0], day)?.score.map(String.init) ?? "–"
            #expect(row[2] == score, "\(context) prompt \(row[0])")
        }
        let daily = try #require(tables.first { $0.id == "days" })
        let column = try #require(daily.columns.firstIndex(of: "readiness"))
        for row in daily.rows {
            let d = try #require(LocalDay(String(row[0].prefix(10))))
            let score = try ref.result("readiness", d)?.score.map(String.init) ?? "–"
            #expect(row[column] == score, "\(context) prompt readiness \(d)")
        }
    }
}
