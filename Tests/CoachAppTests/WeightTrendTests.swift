import CoachApp
import CoachKit
import CoachMetrics
import CoachViews
import Foundation
import Testing

/// Issue 30, item 8: the weight trend is the mean of the 7 days ending on the day and its change
/// from the 7 days before, and `coach trend` draws it against the target weight.
@Suite struct WeightTrendTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    static func entry(_ day: String, _ kg: Double) -> WeightEntry {
        WeightEntry(id: day, time: Instant("\(day)T12:00:00+01:00")!, kg: kg)
    }

    /// (weigh-ins as day and kg, expected average, count, change).
    static let cases: [([(String, Double)], Double?, Int, Double?)] = [
        ([("2026-11-20", 61), ("2026-11-18", 62)], 61.5, 2, nil),
        // The 14th is inside the week, the 13th in the week before.
        ([("2026-11-20", 61), ("2026-11-14", 63), ("2026-11-13", 64)], 62, 2, -2),
        ([("2026-11-12", 60)], nil, 0, nil),  // only before the week: no trend
        ([("2026-11-20", 60), ("2026-11-10", 61), ("2026-11-06", 70)], 60, 1, -1),  // 06 outside
        ([("2026-11-21", 90), ("2026-11-20", 60)], 60, 1, nil),  // after the day: not counted
    ]

    @Test("7-day mean and change from the week before", arguments: cases.indices)
    func trend(index: Int) {
        let (weights, average, count, change) = Self.cases[index]
        let t = WeightTrend.on(
            LocalDay("2026-11-20")!, entries: weights.map { Self.entry($0.0, $0.1) },
            zone: Self.zone)
        #expect(t?.average == average && (t?.count ?? 0) == count, "\(Self.cases[index])")
        #expect(t?.change == change)
    }

    @Test("trend's weight series is the 7-day mean of each day, weight.target the set target")
    func trendSeries() throws {
        var profile = AthleteProfile(handle: "w", name: "W", timeZone: "Europe/Berlin")
        profile.nutrition.targetWeightKg = 58
        var data = AthleteDataset(athlete: profile)
        data.weight = [("2026-11-10", 62), ("2026-11-14", 61), ("2026-11-19", 60)].map {
            Self.entry($0.0, $0.1)
        }
        let day = LocalDay("2026-11-20")!
        let trend = try Trend(
            MetricEvaluation(data), names: ["weight", "weight.target"], days: 12,
            at: ViewMoment(day: day, now: nil))
        let weight = trend.series[0].points, target = trend.series[1].points
        #expect(weight.count == 12 && target.allSatisfy { $0.value == 58 })
        for p in weight {
            let expected = WeightTrend.on(p.day, entries: data.weight, zone: Self.zone)?.average
            #expect(p.value == expected, "\(p.day)")
        }
        // 9 Nov: no weigh-in yet; 20 Nov: the 14th and the 19th.
        #expect(weight.first?.value == nil && weight.last?.value == 60.5)
        #expect(trend.series[0].provider == "weight" && trend.series[1].value == "target")
    }
}
