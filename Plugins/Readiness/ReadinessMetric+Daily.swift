import CoachKit
import Foundation
import TrainingLoadPlugin

extension ReadinessMetric {
    /// The score of every day from the first workout to `input.day`, in one pass over the history.
    ///
    /// Each point equals the score `evaluate` gives for that day on its own (readiness reads
    /// nothing after its day and does not use `now`): the chart and the HRV / resting-HR walk are
    /// built once and read day by day. Days while readiness is still building have no score.
    ///
    /// - Parameter input: an input built for `input.day` (the whole history up to it).
    /// - Returns: one point per day, oldest first; empty without any workout.
    public static func dailyScores(_ input: MetricInput) -> [SeriesPoint] {
        guard let (load, chart) = PerformanceChart.build(from: input) else { return [] }
        let phys = PhysiologyModifier(input: input)
        var points: [SeriesPoint] = []
        var day = chart.firstDay
        while day <= input.day {
            if buildingDays(day, historyStart: load.historyStart, input.athlete.pmc) != nil {
                points.append(SeriesPoint(day: day, value: nil))
            } else {
                var adjustment = 0.0
                if let first = phys.firstDay, day >= first {
                    adjustment = phys.adjustments[day.ordinal - first.ordinal] ?? 0
                }
                let score = Self.score(
                    raw: Self.raw(tsb: chart.tsb(on: day)), adjustment: adjustment)
                points.append(SeriesPoint(day: day, value: Double(score)))
            }
            day = day.adding(days: 1)
        }
        return points
    }
}
