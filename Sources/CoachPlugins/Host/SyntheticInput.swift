import CoachKit
import Foundation

/// Made-up data for `check`: 28 days of every kind for a fictitious athlete, so a plugin can be
/// exercised without showing it anyone's records.
public enum SyntheticInput {
    /// The day synthetic inputs are evaluated on.
    public static let day = LocalDay(year: 2026, month: 1, day: 28)!

    /// An input with 28 days of every data kind the descriptor declares, ending on `day`.
    public static func make(for descriptor: MetricDescriptor) -> MetricInput {
        let zone = TimeZone(identifier: "UTC")!
        var input = MetricInput(
            day: day, timeZone: "UTC", athlete: AthleteContext(sex: .female, ageYears: 30))
        let kinds = Set(descriptor.inputs.map(\.kind))
        for back in 0..<28 {
            let d = day.adding(days: -back)
            let id = "synthetic-\(back)"
            func at(_ hour: Int) -> Instant {
                Instant(
                    date: d.instant(secondsSinceMidnight: hour * 3600, in: zone), timeZone: zone)
            }
            let wave = Double(back % 7)
            if kinds.contains(.sleep) {
                let start = Instant(
                    date: d.instant(secondsSinceMidnight: 0, in: zone).addingTimeInterval(-3600),
                    timeZone: zone)
                input.sleep.append(
                    SleepRecord(id: id, start: start, end: at(6 + back % 2), stage: .asleep))
            }
            if kinds.contains(.wellness) {
                input.wellness.append(WellnessEntry(id: id, day: d, mood: 2 + back % 3))
            }
            if kinds.contains(.steps) {
                input.steps.append(StepsDay(day: d, steps: 6000 + back * 150))
            }
            if kinds.contains(.weight) {
                input.weight.append(WeightEntry(id: id, time: at(7), kg: 62 + wave / 10))
            }
            if kinds.contains(.biometrics) {
                input.biometrics.append(
                    BiometricSample(id: id, time: at(7), type: .resting_hr, value: 50 + wave))
                input.biometrics.append(
                    BiometricSample(
                        id: id + "-hrv", time: at(7), type: .hrv_rmssd, value: 60 - wave))
            }
            if kinds.contains(.food) {
                input.food.append(FoodEntry(id: id, time: at(12), kcal: 2100 + wave * 20))
            }
            if kinds.contains(.workouts) && back % 2 == 0 {
                var w = Workout(id: id, start: at(17), sport: .running)
                w.elapsedS = 2700
                w.movingS = 2700
                w.rpe = 4 + back % 4
                w.tss = 40 + wave * 5
                input.workouts.append(w)
            }
        }
        input.sleep.reverse()
        input.wellness.reverse()
        input.steps.reverse()
        input.weight.reverse()
        input.biometrics.reverse()
        input.food.reverse()
        input.workouts.reverse()
        return input
    }
}
