import CoachKit
import Foundation

/// Several generated athletes for the all-provider cross-check: `SyntheticAthlete`'s months of
/// training, sleep and HRV, plus what the other providers read.
///
/// On top of the base data each athlete gets, from a separate seeded generator: daytime HRV spot
/// checks (a fifth of them a stray SDNN reading on an RMSSD day) with heart-rate samples scattered
/// around them, some just outside ±5 min; late-evening HRV readings whose heart-rate samples fall
/// after midnight; pairs of samples at the same instant; food with and without protein (and the odd
/// starving day), weight and body fat, steps against a goal history; and planned sessions matched
/// to workouts whose TSS only training-load can compute, sessions without a sport, linked sessions
/// and recorded percentages.
enum SyntheticRoster {
    struct Member {
        var seed: UInt64
        var zone: String
        var start: String
        var sex: Sex?
        var birth: String
        var configure: @Sendable (inout AthleteProfile) -> Void
    }

    static let members: [Member] = [
        Member(
            seed: 20_260_115, zone: "Europe/Berlin", start: "2026-01-15", sex: .female,
            birth: "1992-03-10"
        ) { p in
            p.bodyFatPct = 24
            p.nutrition.targetMode = .training
            p.nutrition.goal = .lose
            p.nutrition.weeklyChangeKg = -0.25
            p.activity.stepGoals = [
                .init(from: LocalDay("2026-01-15")!, steps: 8000),
                .init(from: LocalDay("2026-03-20")!, steps: 10_000),
                .init(from: LocalDay("2026-05-15")!, steps: 7000),
            ]
            p.activity.bonusEvery = 5
            p.activity.maxBonus = 2
        },
        Member(
            seed: 7, zone: "America/New_York", start: "2026-02-01", sex: .male, birth: "1985-05-02"
        ) { p in
            p.thresholds.maxHrBpm = nil  // 220 − age, across a birthday
            p.weightKg = 78
            p.bodyFatPct = 15
            p.nutrition.bmrFormula = .katch
            p.nutrition.goal = .muscle
            p.nutrition.weeklyChangeKg = 0.25
            p.nutrition.activityLevel = .very
            p.activity.stepGoals = [.init(from: LocalDay("2026-02-10")!, steps: 10_000)]
        },
        Member(seed: 99, zone: "Asia/Tokyo", start: "2026-03-01", sex: nil, birth: "1978-08-20") {
            p in
            p.weightKg = 66
            p.heightCm = 172
            p.nutrition.activityLevel = .sedentary
            // no weekly change: the pace comes from the target weight and date
            p.nutrition.goal = .lose
            p.nutrition.targetWeightKg = 62
            p.nutrition.targetDate = LocalDay("2026-08-01")
            p.activity.stepGoals = [
                .init(from: LocalDay("2026-03-01")!, steps: 6000),
                .init(from: LocalDay("2026-06-01")!, steps: 9000),
            ]
        },
    ]

    /// The athletes, `days` days each.
    static func athletes(days: Int = 200) -> [AthleteDataset] {
        members.map { m in
            let start = LocalDay(m.start)!
            var ds = SyntheticAthlete.dataset(
                seed: m.seed, start: start, days: days, zoneID: m.zone)
            ds.athlete.handle = "synthetic-\(m.seed)"
            ds.athlete.sex = m.sex
            ds.athlete.birthDate = LocalDay(m.birth)
            m.configure(&ds.athlete)
            extend(&ds, seed: m.seed ^ 0x5EED, start: start, days: days)
            return ds
        }
    }
}
