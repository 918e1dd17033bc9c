import CoachKit
import CoachMetrics
import Foundation
import Testing

/// Odd but possible data must never crash a provider or put NaN/infinity into its JSON.
@Suite struct RobustnessTests {
    /// The synthetic athlete with zeros, negatives and extremes mixed in.
    static func oddDataset() -> AthleteDataset {
        var ds = SyntheticAthlete.dataset(seed: 3, days: 60)
        let day = LocalDay("2026-02-20")!
        let t = Instant(
            date: day.instant(
                secondsSinceMidnight: 30_000, in: TimeZone(identifier: SyntheticAthlete.zoneID)!),
            timeZone: .gmt)
        ds.biometrics += [
            BiometricSample(id: "z1", time: t, type: .hrv_rmssd, value: 0),
            BiometricSample(id: "z2", time: t, type: .hrv_rmssd, value: -5),
            BiometricSample(id: "z3", time: t, type: .resting_hr, value: 0),
            BiometricSample(id: "z4", time: t, type: .heart_rate, value: 400),
        ]
        var w = Workout(id: "odd", start: t, sport: .swimming)
        w.elapsedS = 0; w.distanceM = 0; w.avgHrBpm = -1; w.rpe = 11
        ds.workouts.append(w)
        var empty = Workout(id: "stream", start: t, sport: .cycling)
        empty.samples = .init(intervalS: 0, powerW: [nil, nil], hrBpm: [nil])
        ds.workouts.append(empty)
        ds.food.append(FoodEntry(id: "zero", time: t, kcal: 0))
        ds.weight.append(WeightEntry(id: "w0", time: t, kg: 61, bodyFatPct: 100))
        ds.steps.append(StepsDay(day: day, steps: 0))
        ds.athlete.activity.stepGoals = [.init(from: LocalDay("2026-01-20")!, steps: 0)]
        ds.athlete.activity.bonusEvery = 0
        ds.athlete.pmc.ctlDays = 0
        return ds
    }

    @Test("every provider gives a finite, encodable result on every day of odd data")
    func oddData() throws {
        let ds = Self.oddDataset()
        let index = IndexedDataset(ds)
        let encoder = MetricResult.makeEncoder()
        for offset in stride(from: -2, through: 62, by: 4) {
            let day = LocalDay("2026-01-15")!.adding(days: offset)
            for p in BuiltinPlugins.all {
                let r = p.evaluate(
                    MetricInput.make(descriptor: p.descriptor, index: index, day: day))
                #expect(r.isFinite, "\(p.id) on \(day)")
                if let s = r.score {
                    #expect(
                        Double(s) >= p.descriptor.range.min && Double(s) <= p.descriptor.range.max,
                        "\(p.id) on \(day)")
                    #expect(r.band != nil, "\(p.id) on \(day) has no band for \(s)")
                }
                _ = try encoder.encode(r)
            }
        }
    }

    @Test("now is kept to whole seconds, so the JSON form is exact")
    func wholeSecondNow() throws {
        var input = MetricInput(
            day: LocalDay("2026-03-29")!, timeZone: Fx.berlin,
            now: Date(timeIntervalSince1970: 1_774_760_400.75))
        #expect(input.now.timeIntervalSince1970 == 1_774_760_400)
        input.now = Date(timeIntervalSince1970: 5.5)
        #expect(input.now.timeIntervalSince1970 == 5)
        let back = try JSONDecoder().decode(MetricInput.self, from: JSONEncoder().encode(input))
        #expect(back.now == input.now)
    }
}
