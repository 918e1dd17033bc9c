import CoachKit
import Foundation

/// Generates months of believable history for a demo athlete: workouts, sleep, HRV and resting
/// HR, mood and soreness, meals, steps, weekly weigh-ins and a plan.
///
/// Deterministic for a seed, so every demo run tells the same story: `jane` trains steadily,
/// `marco` piled on load and is now run down (low HRV, high resting HR, missed sessions), `aiko`
/// is tapering and fresh. Every feature shows: soreness after hard days (and the sore-group
/// warning when the next hard session targets the same muscles), vitals (respiratory rate, SpO2,
/// wrist temperature, heart-rate recovery; unusual for marco), power files for cycling, heart rate
/// through the day, step days with distance and energy, and for jane a banked bonus day.
struct DemoHistory {
    /// How an athlete's recent weeks went.
    enum Story { case steady, runDown, taper }

    var rng: SplitMix64
    let profile: AthleteProfile
    let story: Story
    let today: LocalDay
    /// Seconds since the athlete's local midnight now: today holds only what has happened by then.
    let secondsToday: Int
    let days: Int
    /// The athlete's weekly template, Monday first.
    let week: [DemoSlot]

    init(profile: AthleteProfile, story: Story, now: Date, days: Int = 120, seed: UInt64) {
        self.profile = profile; self.story = story; self.days = days
        today = LocalDay(date: now, timeZone: profile.zone)
        secondsToday = Instant(date: now, timeZone: profile.zone).secondsSinceMidnight(
            in: profile.zone)
        rng = SplitMix64(seed: seed)
        week = DemoWeek.template(for: profile.sports)
    }

    /// The dataset, ready for `importDataset`.
    mutating func dataset() -> AthleteDataset {
        var d = AthleteDataset(athlete: profile)
        d.athlete.activity.setStepGoal(
            story == .taper ? 8000 : 10_000, from: today.adding(days: -days))
        if story == .steady { d.athlete.activity.bonusEvery = 5 }
        let zone = profile.zone
        func at(_ day: LocalDay, _ h: Int, _ m: Int = 0) -> Instant {
            Instant(
                date: day.instant(secondsSinceMidnight: h * 3600 + m * 60, in: zone), timeZone: zone
            )
        }
        var n = 0
        let handle = profile.handle
        func id(_ prefix: String) -> String {
            n += 1; return DemoID.make("\(handle)-\(prefix)\(n)")
        }
        let baseHRV = story == .runDown ? 72.0 : 64.0, baseRHR = profile.thresholds.restHrBpm ?? 50

        for back in stride(from: days, through: 0, by: -1) {
            let day = today.adding(days: -back)
            func happened(_ hour: Int) -> Bool { back > 0 || hour * 3600 < secondsToday }
            guard happened(7) else { break }
            let recent = back <= 4
            let ill = story == .runDown && recent
            // Night before: sleep, then morning HRV and resting HR inside it.
            d.sleep.append(
                SleepRecord(
                    id: id("z"), start: at(day.adding(days: -1), 23, Int(rng.uniform(0, 40))),
                    end: at(day, 6, 45), stage: .asleep))
            let hrv = ill ? baseHRV * 0.55 + rng.normal(0, 2) : baseHRV + rng.normal(0, 6)
            d.biometrics.append(
                BiometricSample(
                    id: id("h"), time: at(day, 6, 30), type: .hrv_rmssd,
                    value: (hrv * 10).rounded() / 10))
            d.biometrics.append(
                BiometricSample(
                    id: id("r"), time: at(day, 6, 40), type: .resting_hr,
                    value: (ill ? baseRHR + 9 : baseRHR + rng.normal(0, 1.5)).rounded()))
            // Vitals from the night, shown beside readiness: unusual while marco is run down.
            let vitals: [(BiometricSample.Kind, Double, Int)] = [
                (.respiratory_rate, ill ? 17.8 : 14 + rng.normal(0, 0.3), 1),
                (.spo2, ill ? 94 : 97 + rng.normal(0, 0.5), 0),
                (.wrist_temp, ill ? 0.8 : rng.normal(0, 0.1), 2),
                (.hr_recovery, ill ? 18 : 30 + rng.normal(0, 2), 0),
            ]
            for (k, (type, value, digits)) in vitals.enumerated() {
                let scale = digits == 2 ? 100.0 : digits == 1 ? 10 : 1
                d.biometrics.append(
                    BiometricSample(
                        id: id("v"), time: at(day, 4, 10 * k), type: type,
                        value: (value * scale).rounded() / scale, source: "demo"))
            }
            if let w = workout(on: day, back: back, at: at, id: id),
                happened(week[day.isoWeekday - 1].hour + 2)
            {
                d.workouts.append(w)
            }
            // Sore the day after a hard session (yesterday's workout, whatever today holds).
            let yesterday = day.adding(days: -1)
            let hard = d.workouts.contains {
                $0.start.day(in: zone) == yesterday
                    && week[yesterday.isoWeekday - 1].isHard
            }
            var doms: [MuscleGroup: Int] = [:]
            if hard {
                doms[profile.sports.contains(.swimming) ? .shoulders : .quads] = Int(
                    rng.uniform(4, 8))
            }
            let mood = ill ? 2 : min(5, max(2, Int(rng.normal(3.9, 0.6).rounded())))
            d.wellness.append(WellnessEntry(id: id("m"), day: day, mood: mood, doms: doms))
            for (h, share, meal) in [
                (8, 0.25, "breakfast"), (13, 0.35, "lunch"), (19, 0.40, "dinner"),
            ] where happened(h) {
                let base = story == .steady ? 2600.0 : 2300
                var f = FoodEntry(
                    id: id("f"), time: at(day, h),
                    kcal: (base * share + rng.normal(0, 60)).rounded())
                f.proteinG = (f.kcal * 0.25 / 4).rounded(); f.carbsG = (f.kcal * 0.5 / 4).rounded();
                f.fatG = (f.kcal * 0.25 / 9).rounded()
                f.meal = meal
                d.food.append(f)
            }
            let goal = d.athlete.activity.goal(for: day) ?? 10_000
            let share = back > 0 ? 1 : Double(secondsToday) / 86_400
            // jane walks her goal but for every 13th day: runs of 12 bank bonus days that the misses spend.
            let walked =
                story == .steady
                ? (day.ordinal % 13 == 0
                    ? Double(goal) * 0.6 : Double(goal) * 1.15 + abs(rng.normal(0, 800)))
                : rng.normal(Double(goal) * 1.05, 2500)
            let steps = max(1500, Int(share * walked))
            d.steps.append(
                StepsDay(
                    day: day, steps: steps, distanceM: (Double(steps) * 0.74).rounded(),
                    activeKcal: (Double(steps) * 0.04).rounded()))
            // Heart rate through the day (the activity view's "current heart rate").
            for h in [9, 12, 15, 18, 21] where happened(h) {
                d.biometrics.append(
                    BiometricSample(
                        id: id("hr"), time: at(day, h, 5), type: .heart_rate,
                        value: (baseRHR + 20 + rng.normal(0, 6)).rounded(), source: "demo"))
            }
            // a reading two minutes ago: the current heart rate
            if back == 0, secondsToday >= 120 {
                let t = Instant(
                    date: day.instant(secondsSinceMidnight: secondsToday - 120, in: zone),
                    timeZone: zone)
                d.biometrics.append(
                    BiometricSample(
                        id: id("hr"), time: t, type: .heart_rate,
                        value: (baseRHR + 25 + rng.normal(0, 4)).rounded(), source: "demo"))
            }
            if day.isoWeekday == 1 {
                d.weight.append(
                    WeightEntry(
                        id: id("kg"), time: at(day, 7),
                        kg: (((profile.weightKg ?? 65) + rng.normal(0, 0.4)) * 10).rounded() / 10))
            }
        }
        d.weeks = plan(workouts: d.workouts)
        return d
    }

    /// The day's workout, if the athlete trains that day: the template's session, longer and
    /// harder in marco's overreaching block (where he also runs on his rest day, never over
    /// 2 h 30 min), shorter in aiko's taper; energy from the Compendium's MET values
    /// (`DemoEnergy`), a ride's from the work its power did.
    mutating func workout(
        on day: LocalDay, back: Int, at: (LocalDay, Int, Int) -> Instant, id: (String) -> String
    ) -> Workout? {
        let block = story == .runDown && back <= 21 && back > 4
        // In marco's block the rest day is one more easy run than the plan asks for.
        let slot =
            block && week[day.isoWeekday - 1].minutes == 0 ? week[2] : week[day.isoWeekday - 1]
        guard slot.minutes > 0 else { return nil }
        // too tired: missed
        if story == .runDown && back <= 3 && slot.isHard { return nil }
        var minutes = Double(slot.minutes), intensity = slot.intensity
        switch story {
        case .steady: break
        case .runDown where block:
            minutes = min(minutes * 1.4, 150); intensity += 0.05
        case .taper where back <= 10: minutes *= 0.6
        default: break
        }
        let sport = slot.sport, kg = profile.weightKg ?? 65
        var w = Workout(id: id("w"), start: at(day, slot.hour, 0), sport: sport)
        let elapsed = (minutes * 60 * rng.uniform(0.95, 1.05)).rounded()
        w.elapsedS = elapsed
        w.movingS = elapsed - 60
        let hours = elapsed / 3600
        // TrainingPeaks' swim TSS is cubic in IF; the others square it.
        w.tss = (hours * pow(intensity, sport == .swimming ? 3 : 2) * 100).rounded()
        w.rpe = min(10, max(1, Int((intensity * 10 - 2).rounded())))
        w.avgHrBpm = ((profile.thresholds.lthrBpm ?? 165) * min(1, intensity * 0.95)).rounded()
        w.kcal = DemoEnergy.kcal(
            met: DemoEnergy.met(sport: sport, intensity: intensity), kg: kg, seconds: elapsed)
        if sport == .cycling, let ftp = profile.thresholds.ftpW {
            w.npW = (ftp * intensity).rounded(); w.avgPowerW = w.npW! - 12
            // A power file every 5 s: blocks around the session's intensity; its TSS comes from
            // the stream. Energy is the work done: kJ ≈ kcal at a quarter's muscle efficiency.
            let count = Int(elapsed / 5)
            w.samples = .init(
                intervalS: 5,
                powerW: (0..<count).map { i in
                    let block = (i / 36) % 4 == 1 ? 1.12 : 0.93
                    return (ftp * intensity * block * rng.uniform(0.92, 1.08)).rounded()
                })
            w.tss = nil
            w.kcal = (w.avgPowerW! * elapsed / 1000).rounded()
        }
        if sport == .running {
            let pace = (profile.thresholds.thresholdPaceSPerKm ?? 300) / intensity
            w.distanceM = (elapsed / pace * 1000).rounded()
            w.kcal = DemoEnergy.kcal(
                met: DemoEnergy.met(sport: sport, intensity: intensity, speedKmh: 3600 / pace),
                kg: kg, seconds: elapsed)
        }
        if sport == .swimming {
            // Pool metres at CSS / IF per 100 m over the moving time, to the 50 m.
            let pace = (profile.thresholds.cssSPer100m ?? 100) / intensity
            w.distanceM = ((w.movingS! / pace * 100) / 50).rounded() * 50
        }
        w.title = slot.title
        w.source = "demo"
        return w
    }

    /// Program weeks from five weeks back to next week, one session per training day of the template.
    func plan(workouts: [Workout]) -> [ProgramWeek] {
        (-5...1).map { offset in
            let monday = today.monday.adding(days: 7 * offset)
            var week = ProgramWeek(
                id: DemoID.make("\(profile.handle)-week-\(monday)"), start: monday,
                title: offset == 0 ? "This week" : offset > 0 ? "Next week" : "Build \(offset + 6)")
            for (i, slot) in self.week.enumerated() where slot.minutes > 0 {
                let date = monday.adding(days: i)
                var s = PlannedSession(
                    id: DemoID.make("\(profile.handle)-\(date)"), date: date, title: slot.title)
                s.sport = slot.sport
                s.plannedDurationS = Double(slot.minutes * 60)
                s.plannedTss =
                    (Double(slot.minutes) / 60
                    * pow(slot.intensity, slot.sport == .swimming ? 3 : 2) * 100).rounded()
                if slot.isHard {
                    s.targets =
                        profile.sports.contains(.swimming) ? [.shoulders] : [.quads, .glutes]
                }
                week.sessions.append(s)
            }
            return week
        }
    }
}

/// A small, fast, seedable generator (SplitMix64) for reproducible demo data; not for secrets.
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

    mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        Double.random(in: lo..<hi, using: &self)
    }

    /// A normal deviate (Box–Muller).
    mutating func normal(_ mean: Double, _ sd: Double) -> Double {
        let u = max(Double.random(in: 0..<1, using: &self), 1e-12),
            v = Double.random(in: 0..<1, using: &self)
        return mean + sd * (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
