import CoachKit
import Foundation

extension SyntheticRoster {
    /// Adds spot checks, late readings, same-instant pairs, food, weight, steps and plan sessions.
    static func extend(_ ds: inout AthleteDataset, seed: UInt64, start: LocalDay, days: Int) {
        var g = SplitMix64(seed: seed)
        let zone = TimeZone(identifier: ds.athlete.timeZone)!
        var n = 0
        func id(_ prefix: String) -> String { n += 1; return "x\(prefix)-\(n)" }
        func at(_ day: LocalDay, _ seconds: Int) -> Instant {
            Instant(
                date: day.instant(secondsSinceMidnight: 0, in: zone).addingTimeInterval(
                    Double(seconds)),
                timeZone: zone)
        }
        func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &g) < p }
        func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &g) }
        func bio(_ type: BiometricSample.Kind, _ value: Double, _ t: Instant, _ name: String? = nil)
        {
            ds.biometrics.append(
                BiometricSample(id: name ?? id(type.rawValue), time: t, type: type, value: value))
        }
        func heartRates(around t: Instant, count: Int, spread: ClosedRange<Int>) {
            for _ in 0..<count {
                bio(
                    .heart_rate, Double(int(55...120)),
                    Instant(
                        epochSeconds: t.epochSeconds + Double(int(spread)),
                        offsetSeconds: t.offsetSeconds))
            }
        }
        let workoutsByDay = Dictionary(grouping: ds.workouts) { $0.start.day(in: zone).ordinal }
        var sessions: [PlannedSession] = []
        let baseKg = ds.athlete.weightKg ?? 65

        for i in 0..<days {
            let day = start.adding(days: i)
            if chance(0.4) {  // daytime spot check, sometimes a stray SDNN
                let t = at(day, int(9 * 3600...21 * 3600))
                let sdnn = chance(0.2)
                bio(sdnn ? .hrv_sdnn : .hrv_rmssd, Double(int(sdnn ? 50...90 : 25...70)), t)
                heartRates(around: t, count: int(0...12), spread: -360...360)
            }
            if chance(0.15) {  // late evening: heart rate after midnight
                let t = at(day, 86_400 - int(30...300))
                bio(.hrv_rmssd, Double(int(30...70)), t)
                heartRates(around: t, count: int(1...6), spread: 0...400)
            }
            if chance(0.06) {  // two resting-HR readings at one instant
                let t = at(day, 6 * 3600 + 1800)
                bio(.resting_hr, Double(int(46...52)), t, "xdup-\(i)-a")
                bio(.resting_hr, Double(int(46...52)), t, "xdup-\(i)-b")
            }
            if chance(0.05) {  // two RMSSD readings at one instant in the evening
                let t = at(day, 22 * 3600)
                bio(.hrv_rmssd, Double(int(30...70)), t, "xpair-\(i)-b")
                bio(.hrv_rmssd, Double(int(30...70)), t, "xpair-\(i)-a")
            }
            if chance(0.8) {  // food; now and then a starving day
                let starving = chance(0.06)
                for _ in 0..<(starving ? 1 : int(1...4)) {
                    var f = FoodEntry(
                        id: id("food"), time: at(day, int(7 * 3600...22 * 3600)),
                        kcal: Double(starving ? 300 : int(250...1100)))
                    f.proteinG = chance(0.1) ? nil : Double(int(5...60))
                    ds.food.append(f)
                }
            }
            if chance(0.2) {
                let bf = ds.athlete.bodyFatPct.flatMap { b in
                    chance(0.5) ? b + Double(int(-20...20)) / 10 : nil
                }
                ds.weight.append(
                    WeightEntry(
                        id: id("weight"), time: at(day, 7 * 3600),
                        kg: baseKg + Double(int(-15...15)) / 10, bodyFatPct: bf))
            }
            if chance(0.88) {
                let n = int(3000...16_000)
                ds.steps.append(
                    StepsDay(
                        day: day, steps: n, distanceM: chance(0.7) ? Double(n) * 0.75 : nil,
                        activeKcal: chance(0.6) ? Double(n / 25) : nil))
            }
            if chance(0.3) {
                bio(.heart_rate, Double(int(50...90)), at(day, 86_400 - int(1...900)))
            }
            for w in workoutsByDay[day.ordinal] ?? [] where chance(0.45) {
                var s = PlannedSession(
                    id: id("session"), date: day, order: 10 + int(0...3), title: "Extra")
                s.sport = chance(0.15) ? nil : chance(0.15) ? .running : w.sport
                if chance(0.6) { s.plannedTss = Double(int(40...120)) }
                if chance(0.5) {
                    s.plannedDurationS = (w.elapsedS ?? 3600) * Double(int(6...14)) / 10
                }
                if chance(0.15) { s.linkedWorkout = w.id }
                if chance(0.08) { s.adherencePct = Double(int(20...100)) }
                sessions.append(s)
            }
            if chance(0.1) {
                sessions.append(
                    PlannedSession(id: id("session"), date: day, order: 20, title: "No sport"))
            }
        }
        for s in sessions {
            if let k = ds.weeks.firstIndex(where: { $0.start == s.date.monday }) {
                ds.weeks[k].sessions.append(s)
            } else {
                ds.weeks.append(ProgramWeek(id: id("week"), start: s.date.monday, sessions: [s]))
            }
        }
    }
}
