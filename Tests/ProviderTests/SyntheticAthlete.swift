import CoachKit
import Foundation

/// A seeded pseudo-random generator (SplitMix64), so generated data is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A made-up athlete with months of varied data, generated deterministically from a seed.
///
/// Exercises every TSS method, power and heart-rate streams with dropouts and gaps, HRV of both
/// kinds with a switch-over and a gap, sleep split into stages and interrupted by waking, a
/// spell of "illness", daylight-saving changes (Europe/Berlin) and several wellness entries a day.
enum SyntheticAthlete {
    static let zoneID = "Europe/Berlin"

    static func dataset(
        seed: UInt64 = 20_260_115, start: LocalDay = LocalDay("2026-01-15")!, days: Int = 180
    ) -> AthleteDataset {
        var g = SplitMix64(seed: seed)
        let zone = TimeZone(identifier: zoneID)!
        var profile = AthleteProfile(
            handle: "synthetic", name: "Synthetic Athlete", timeZone: zoneID)
        profile.birthDate = LocalDay("1992-03-10")
        profile.sex = .female
        profile.heightCm = 168
        profile.weightKg = 61
        profile.thresholds = Thresholds(
            ftpW: 230, thresholdPaceSPerKm: 280, lthrBpm: 170, cssSPer100m: 110,
            restHrBpm: 48, maxHrBpm: 192)
        var ds = AthleteDataset(athlete: profile)
        var n = 0
        func id(_ prefix: String) -> String { n += 1; return "\(prefix)-\(n)" }
        func at(_ day: LocalDay, _ seconds: Int) -> Instant {
            Instant(date: day.instant(secondsSinceMidnight: seconds, in: zone), timeZone: zone)
        }
        func r(_ range: ClosedRange<Double>) -> Double {
            (Double.random(in: range, using: &g) * 10).rounded() / 10
        }
        func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &g) < p }

        for i in 0..<days {
            let day = start.adding(days: i)
            ds.workouts += workouts(day: day, index: i, g: &g, id: id, at: at)

            // Sleep: most nights, in stages; some nights broken by waking in the middle.
            let illness = (170...172).contains(i)
            let hrvGap = (60...75).contains(i)
            let sdnnSpell = (100...140).contains(i)
            if chance(0.85) {
                let bed = 22 * 3600 + Int.random(in: 0...5400, using: &g)
                var t = at(day.adding(days: -1), bed).epochSeconds
                let stages: [SleepRecord.Stage] =
                    chance(0.3)
                    ? [.core, .deep, .awake, .rem, .core] : [.core, .deep, .rem, .core]
                for stage in stages {
                    let length = Double(
                        stage == .awake
                            ? Int.random(in: 600...2400, using: &g)
                            : Int.random(in: 3600...9000, using: &g))
                    ds.sleep.append(
                        SleepRecord(
                            id: id("sleep"),
                            start: Instant(
                                epochSeconds: t,
                                offsetSeconds: zone.secondsFromGMT(
                                    for: Date(timeIntervalSince1970: t))),
                            end: Instant(
                                epochSeconds: t + length,
                                offsetSeconds: zone.secondsFromGMT(
                                    for: Date(timeIntervalSince1970: t + length))),
                            stage: stage))
                    t += length
                }
                if chance(0.2) {
                    ds.sleep.append(
                        SleepRecord(
                            id: id("nap"), start: at(day, 14 * 3600),
                            end: at(day, 14 * 3600 + 1800), stage: .asleep))
                }
            }
            // HRV: night samples (02:00-05:00) and a daytime one; SDNN for a spell; a gap; low when ill.
            if !hrvGap && chance(0.92) {
                let kind: BiometricSample.Kind = sdnnSpell || chance(0.1) ? .hrv_sdnn : .hrv_rmssd
                let base = kind == .hrv_sdnn ? 75.0 : 58.0
                let level = illness ? base * 0.6 : base
                for _ in 0..<Int.random(in: 2...5, using: &g) {
                    ds.biometrics.append(
                        BiometricSample(
                            id: id("hrv"), time: at(day, Int.random(in: 7200...18000, using: &g)),
                            type: kind, value: r((level - 9)...(level + 9))))
                }
                if chance(0.5) {
                    ds.biometrics.append(
                        BiometricSample(
                            id: id("hrv"), time: at(day, Int.random(in: 36000...72000, using: &g)),
                            type: kind, value: r((level - 15)...(level + 5))))
                }
            }
            if chance(0.9) {
                let rhr = illness ? 57.0 : Double(Int.random(in: 47...51, using: &g))
                ds.biometrics.append(
                    BiometricSample(
                        id: id("rhr"),
                        time: at(day, 6 * 3600 + Int.random(in: 0...3600, using: &g)),
                        type: .resting_hr, value: rhr))
                if chance(0.2) {
                    ds.biometrics.append(
                        BiometricSample(
                            id: id("rhr"), time: at(day, 20 * 3600), type: .resting_hr,
                            value: rhr + 1))
                }
            }
            if chance(0.8) {
                ds.biometrics.append(
                    BiometricSample(
                        id: id("resp"), time: at(day, 4 * 3600), type: .respiratory_rate,
                        value: illness ? 18.5 : r(13.5...14.5)))
                ds.biometrics.append(
                    BiometricSample(
                        id: id("spo2"), time: at(day, 4 * 3600 + 60), type: .spo2, value: r(96...98)
                    ))
                ds.biometrics.append(
                    BiometricSample(
                        id: id("temp"), time: at(day, 4 * 3600 + 120), type: .wrist_temp,
                        value: illness ? 0.9 : r(-0.2...0.2)))
            }
            // Wellness: mood and soreness most days, sometimes corrected later the same day.
            if chance(0.8) {
                var doms: [MuscleGroup: Int] = [:]
                for group in MuscleGroup.allCases where chance(0.25) {
                    doms[group] = Int.random(in: 0...8, using: &g)
                }
                ds.wellness.append(
                    WellnessEntry(
                        id: id("well"), day: day,
                        mood: chance(0.9) ? Int.random(in: 1...5, using: &g) : nil, doms: doms))
                if chance(0.15) {
                    ds.wellness.append(
                        WellnessEntry(
                            id: id("well"), day: day,
                            mood: chance(0.5) ? Int.random(in: 1...5, using: &g) : nil,
                            doms: [
                                MuscleGroup.allCases.randomElement(using: &g)!: Int.random(
                                    in: 0...9, using: &g)
                            ]))
                }
            }
        }
        // Plan: three sessions a week with target muscle groups.
        var monday = start.monday
        while monday <= start.adding(days: days) {
            var week = ProgramWeek(id: id("week"), start: monday)
            for (k, offset) in [0, 2, 4].enumerated() {
                var s = PlannedSession(
                    id: id("session"),
                    date: monday.adding(days: offset + Int.random(in: 0...1, using: &g)), order: k,
                    title: "Session \(k)")
                s.sport = [.cycling, .running, .strength].randomElement(using: &g)
                s.targets = MuscleGroup.allCases.filter { _ in chance(0.3) }
                s.plannedTss = chance(0.7) ? r(40...110) : nil
                week.sessions.append(s)
            }
            ds.weeks.append(week)
            monday = monday.adding(days: 7)
        }
        return ds
    }
}
