import CoachKit
import Foundation

extension SyntheticAthlete {
    /// Zero to two workouts on `day`, each taking a different route through the TSS methods.
    static func workouts(
        day: LocalDay, index: Int, g: inout SplitMix64, id: (String) -> String,
        at: (LocalDay, Int) -> Instant
    ) -> [Workout] {
        var out: [Workout] = []
        let count =
            Double.random(in: 0..<1, using: &g) < 0.25
            ? 0 : Double.random(in: 0..<1, using: &g) < 0.85 ? 1 : 2
        for _ in 0..<count {
            // Some sessions start late in the evening, close to the day boundary.
            let startSeconds =
                Double.random(in: 0..<1, using: &g) < 0.1
                ? 23 * 3600 + 1800 : Int.random(in: 6...19, using: &g) * 3600
            var w = Workout(id: id("workout"), start: at(day, startSeconds), sport: .cycling)
            let minutes = Double(Int.random(in: 30...120, using: &g))
            w.elapsedS = minutes * 60
            switch Int.random(in: 0..<9, using: &g) {
            case 0:  // power stream at 1 Hz with dropouts and one long gap
                let length = Int(minutes * 60) - Int.random(in: 0...300, using: &g)
                var power: [Double?] = (0..<length).map { _ in
                    Double(Int.random(in: 120...320, using: &g))
                }
                for k in stride(from: 0, to: length, by: 97) { power[k] = nil }
                let gapStart = Int.random(in: 0..<(length - 60), using: &g)
                for k in gapStart..<(gapStart + Int.random(in: 10...40, using: &g)) {
                    power[k] = nil
                }
                w.samples = .init(intervalS: 1, powerW: power)
                w.avgPowerW = 200
            case 1:  // power stream every 5 s
                w.samples = .init(
                    intervalS: 5,
                    powerW: (0..<Int(minutes * 12)).map { _ in
                        Double(Int.random(in: 100...300, using: &g))
                    })
            case 2: w.npW = Double(Int.random(in: 150...260, using: &g))
            case 3: w.avgPowerW = Double(Int.random(in: 130...230, using: &g))
            case 4:
                w.sport = .running
                w.movingS = w.elapsedS! - Double(Int.random(in: 0...300, using: &g))
                w.distanceM = w.movingS! / Double(Int.random(in: 250...360, using: &g)) * 1000
            case 5:
                w.sport = .swimming
                w.movingS = w.elapsedS! * 0.9
                w.distanceM = (w.movingS! / Double(Int.random(in: 95...140, using: &g)) * 100)
                    .rounded()
            case 6:
                w.sport = .walking
                w.avgHrBpm = Double(Int.random(in: 100...175, using: &g))
            case 7:
                w.sport = .other
                w.samples = .init(
                    intervalS: 5,
                    hrBpm: (0..<Int(minutes * 12)).map { k in
                        k % 50 == 7 ? nil : Double(Int.random(in: 90...185, using: &g))
                    })
            default:
                w.sport = .strength
                w.rpe = Int.random(in: 3...9, using: &g)
            }
            if Double.random(in: 0..<1, using: &g) < 0.08 {
                w.tss = Double(Int.random(in: 20...150, using: &g))
            }
            if Double.random(in: 0..<1, using: &g) < 0.3 {
                w.rpe = Int.random(in: 2...9, using: &g)
            }
            out.append(w)
        }
        return out
    }
}
