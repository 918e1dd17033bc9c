import CoachKit
import CoachMetrics
import CoachReport
import Foundation
import Testing

/// What the report gathers: provider numbers of each day, logs as they are, gaps as gaps.
@Suite struct ReportDataTests {
    @Test("Daily numbers equal each provider's result for that day", arguments: [5, 30, 59])
    func providerNumbers(index: Int) throws {
        let data = try ReportFixture.report()
        let evaluation = try ReportFixture.evaluation()
        let day = data.days[index]
        let now: Date? = day == ReportFixture.day ? ReportFixture.now : nil
        let results = try evaluation.results(day: day, now: now)
        func r(_ id: String) -> MetricResult { results.first { $0.id == id }! }
        #expect(data.stress[index] == r("stress").score.map(Double.init))
        #expect(data.hrv[index] == r("stress").number("hrv"))
        #expect(data.hrvBaseline[index] == r("stress").number("hrv_baseline"))
        #expect(data.kcal[index] == r("nutrition").number("kcal_today"))
        #expect(data.kcalTarget[index] == r("nutrition").number("kcal_target"))
        #expect(data.streak[index] == r("activity").number("streak"))
        let load = try evaluation.result(
            "training-load", day: ReportFixture.day, now: ReportFixture.now)
        #expect(data.ctl[index] == load.series?["ctl"]?.first { $0.day == day }?.value)
    }

    @Test("Days without food, wellness or steps are gaps, not zeros")
    func gaps() throws {
        let data = try ReportFixture.report()
        for text in ["2026-11-02", "2026-11-03", "2026-11-09"] {
            let i = try #require(data.index(of: LocalDay(text)!))
            #expect(data.kcal[i] == nil && data.protein[i] == nil)
        }
        let i = try #require(data.index(of: LocalDay("2026-11-05")!))
        #expect(data.mood[i] == nil && data.soreness.allSatisfy { $0[i] == nil })
        let last = data.days.count - 1
        #expect(
            data.steps[last] == nil && data.kcal[last] == nil, "nothing is logged on the report day"
        )
        #expect(data.lowEnergyAvailability[try #require(data.index(of: LocalDay("2026-11-12")!))])
    }

    @Test(
        "Plan calendar: Mondays missed, done sessions coloured, the day's own session planned"
    )
    func plan() throws {
        let data = try ReportFixture.report()
        let monday = data.sessions.filter { $0.title == "Recovery spin" }
        #expect(!monday.isEmpty && monday.allSatisfy { $0.state == .missed })
        #expect(
            data.sessions.contains { $0.state == .green || $0.state == .yellow || $0.state == .red }
        )
        #expect(
            data.sessions.last?.day == ReportFixture.day && data.sessions.last?.state == .planned)
    }

    @Test("A window outside 7–3660 days is refused", arguments: [0, 6, 3661])
    func badWindow(days: Int) throws {
        let evaluation = try ReportFixture.evaluation()
        #expect(throws: CoachKitError.self) {
            try AthleteReportData(evaluation, at: ReportFixture.moment, days: days)
        }
    }

    @Test("An athlete with no data gets every chart, all gaps, and says so in each description")
    func empty() throws {
        let profile = AthleteProfile(handle: "new", name: "New Athlete", timeZone: "UTC")
        let dataset = AthleteDataset(athlete: profile)
        let data = try AthleteReportData(
            MetricEvaluation(dataset), at: ReportFixture.moment, days: 14)
        #expect(data.ctl.allSatisfy { $0 == nil } && data.readiness.allSatisfy { $0 == nil })
        #expect(data.steps.allSatisfy { $0 == nil } && data.sessions.isEmpty)
        let page = AthleteReport.html(data)
        #expect(page.contains("Training history: no data on 14 of 14 days"))
        #expect(page.contains("No sessions were planned"))
        #expect(!page.contains("NaN") && !page.contains("inf"))
    }
}
