import CoachKit
import CoachMetrics
import Foundation
import ReadinessPlugin
import Testing

/// `ReadinessMetric.dailyScores` gives, in one pass, the score each day would get on its own.
@Suite struct ReadinessDailyScoresTests {
    static func dataset(_ name: String) throws -> AthleteDataset {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)")
        return try JSONDecoder().decode(
            AthleteDataset.self, from: try #require(FileManager.default.contents(atPath: url.path)))
    }

    @Test(
        "Every daily score equals evaluating that day alone, the first week of history included",
        arguments: ["views-60-days.json", "report-athlete.json"])
    func equalsPerDay(fixture: String) throws {
        let evaluation = MetricEvaluation(try Self.dataset(fixture))
        let last = LocalDay("2026-11-21")!
        let input = MetricInput.make(
            descriptor: ReadinessMetric.descriptor, index: evaluation.index, day: last)
        let points = ReadinessMetric.dailyScores(input)
        #expect(points.count >= 55)
        #expect(points.last?.day == last)
        for p in points {
            let alone = try evaluation.result("readiness", day: p.day, now: nil)
            #expect(
                p.value == alone.score.map(Double.init),
                "\(p.day): \(String(describing: p.value)) vs \(String(describing: alone.score))")
        }
        let before = points[0].day.adding(days: -1)
        #expect(
            try evaluation.result("readiness", day: before, now: nil).score == nil,
            "the series starts with the history")
    }

    @Test("No workouts: no daily scores")
    func empty() {
        #expect(ReadinessMetric.dailyScores(MetricInput(day: LocalDay("2026-11-21")!)).isEmpty)
    }
}
