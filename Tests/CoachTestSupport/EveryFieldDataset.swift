import CoachKit

/// A dataset with every field of every record kind set (the same values as `CompactCodingTests`
/// in CoachCodecTests, which uses this one), for tests of the compact form and of sealed record
/// rows.
public enum EveryFieldDataset {
    public static let at = Instant(epochSeconds: 1_795_000_000.125, offsetSeconds: 3600)

    public static var session: PlannedSession {
        var s = PlannedSession(
            id: "s1", date: LocalDay("2026-11-24")!, order: 2, title: "Threshold 3x12", origin: .ai)
        s.detail = "3 x 12 min at 95–100 % FTP"; s.notes = "indoors, fan on"; s.sport = .cycling
        s.plannedDurationS = 4500; s.plannedTss = 85.5; s.targets = [.quads, .glutes]
        s.linkedWorkout = "w1"; s.adherencePct = 92.5; s.time = "06:30"
        return s
    }

    public static var workout: Workout {
        var w = Workout(id: "w1", start: at, sport: .running)
        w.elapsedS = 3600; w.movingS = 3540; w.distanceM = 12_000.5; w.rpe = 7; w.tss = 77.7;
        w.avgPowerW = 250
        w.npW = 262.25; w.avgHrBpm = 151; w.maxHrBpm = 181; w.kcal = 800;
        w.title = "Tempo, \"hilly\""
        w.source = "garmin"
        w.samples = Workout.Samples(
            intervalS: 2, powerW: [200, nil, 210.5], hrBpm: [140, 141, nil],
            speedMS: [nil, 3.2, 3.3])
        return w
    }

    public static var food: FoodEntry {
        var f = FoodEntry(id: "f1", time: at, kcal: 650.5)
        f.proteinG = 35; f.carbsG = 80.25; f.fatG = 20; f.meal = "lunch"; f.note = "pasta 🍝"
        return f
    }

    public static var dataset: AthleteDataset {
        var d = AthleteDataset(
            athlete: AthleteProfile(handle: "jane", name: "Jane Example", timeZone: "Europe/Berlin")
        )
        d.weeks = [
            ProgramWeek(
                id: "wk1", start: LocalDay("2026-11-23")!, title: "Build 1", notes: "easy Friday",
                sessions: [session])
        ]
        d.wellness = [
            WellnessEntry(
                id: "m1", day: LocalDay("2026-11-24")!, mood: 4, doms: [.quads: 6, .calves: 2],
                notes: "slept badly",
                origin: WellnessOrigin(
                    device: "9435f78754b12b4088783ac4f5968ba3",
                    item: "6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b", sentAt: 1_764_000_000_000))
        ]
        d.workouts = [workout]
        d.biometrics = [
            BiometricSample(id: "b1", time: at, type: .hrv_rmssd, value: 62.4, source: "oura")
        ]
        d.sleep = [
            SleepRecord(
                id: "z1", start: at, end: Instant(epochSeconds: 1_795_028_800, offsetSeconds: 3600),
                stage: .deep)
        ]
        d.food = [food]
        d.steps = [
            StepsDay(
                day: LocalDay("2026-11-24")!, steps: 12_034, distanceM: 8_800.5, activeKcal: 420)
        ]
        d.weight = [WeightEntry(id: "kg1", time: at, kg: 61.4, bodyFatPct: 18.5)]
        return d
    }
}
