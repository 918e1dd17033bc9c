import CoachKit
import CoachStore
import Foundation

/// Seeded generated histories and random changes to them, for the carried-state property and
/// the in-process use-case tests.
public struct HistoryGenerator {
    public var state: UInt64
    public var counts: [String: Int] = [:]
    public var next = 0
    public let zone = TimeZone(identifier: "Europe/Berlin")!

    public init(seed: UInt64) { state = seed }

    public mutating func bits() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + Int(bits() % UInt64(hi - lo + 1)) }
    public mutating func unit() -> Double { Double(bits() >> 11) / Double(1 << 53) }
    public mutating func id(_ prefix: String) -> String { next += 1; return "\(prefix)\(next)" }

    public func at(_ day: LocalDay, _ seconds: Int) -> Instant {
        Instant(date: day.instant(secondsSinceMidnight: seconds, in: zone), timeZone: zone)
    }

    public mutating func workout(on day: LocalDay) -> Workout {
        let cycling = int(0, 1) == 0
        var w = Workout(
            id: id("w"), start: at(day, int(6, 19) * 3600), sport: cycling ? .cycling : .running)
        w.elapsedS = Double(int(30, 150) * 60)
        w.movingS = w.elapsedS! - 60
        if int(0, 4) > 0 { w.rpe = int(2, 9) }
        if int(0, 3) > 0 { w.avgHrBpm = Double(int(120, 165)) }
        if cycling, int(0, 2) > 0 { w.npW = Double(int(150, 280)) }
        if !cycling, int(0, 2) > 0 { w.distanceM = Double(int(6000, 20000)) }
        if int(0, 9) == 0 { w.tss = Double(int(30, 150)) }
        return w
    }

    public mutating func hrv(on day: LocalDay) -> BiometricSample {
        BiometricSample(
            id: id("h"), time: at(day, 6 * 3600 + int(0, 3600)), type: .hrv_rmssd,
            value: (40 + 40 * unit()).rounded())
    }

    public mutating func restingHR(on day: LocalDay) -> BiometricSample {
        BiometricSample(
            id: id("r"), time: at(day, 7 * 3600), type: .resting_hr, value: Double(int(42, 56)))
    }

    public mutating func weight(on day: LocalDay) -> WeightEntry {
        WeightEntry(
            id: id("k"), time: at(day, 7 * 3600 + 300), kg: 60 + Double(int(0, 30)) / 10,
            bodyFatPct: int(0, 1) == 0 ? Double(int(170, 230)) / 10 : nil)
    }

    public mutating func dataset(handle: String, from first: LocalDay, days: Int) -> AthleteDataset
    {
        var p = AthleteProfile(handle: handle, name: "Athlete \(handle)", timeZone: zone.identifier)
        p.sex = .female
        p.birthDate = LocalDay("1993-04-02")
        p.heightCm = 168
        p.weightKg = 61
        p.bodyFatPct = 21
        p.thresholds = Thresholds(
            ftpW: 240, thresholdPaceSPerKm: 275, lthrBpm: 168, restHrBpm: 48, maxHrBpm: 190)
        p.activity.stepGoals = [.init(from: first.adding(days: 3), steps: 9000)]
        var d = AthleteDataset(athlete: p)
        for i in 0..<days {
            let day = first.adding(days: i)
            var today: [Workout] = []
            if int(0, 6) > 0 { today.append(workout(on: day)) }
            d.workouts += today
            if int(0, 9) > 0 {
                d.biometrics += [hrv(on: day), restingHR(on: day)]
                d.sleep.append(
                    SleepRecord(
                        id: id("s"), start: at(day.adding(days: -1), 22 * 3600 + int(0, 3000)),
                        end: at(day, 6 * 3600), stage: .asleep))
            }
            d.steps.append(StepsDay(day: day, steps: int(3000, 15000)))
            if day.isoWeekday == 7 { d.weight.append(weight(on: day)) }
            d.wellness.append(WellnessEntry(id: id("m"), day: day, mood: int(1, 5)))
            var meal = FoodEntry(
                id: id("f"), time: at(day, 12 * 3600), kcal: Double(int(500, 1500)))
            meal.proteinG = Double(int(10, 60))
            d.food.append(meal)
            if day.isoWeekday == 1 {
                d.weeks.append(ProgramWeek(id: id("wk"), start: day))
            }
            if !d.weeks.isEmpty, int(0, 2) == 0 {
                var s = PlannedSession(id: id("p"), date: day, title: "Session")
                s.sport = int(0, 1) == 0 ? .cycling : .running
                s.plannedDurationS = Double(int(30, 120) * 60)
                if int(0, 3) == 0, let w = today.first { s.linkedWorkout = w.id }
                if int(0, 9) == 0 { s.adherencePct = Double(int(40, 100)) }
                d.weeks[d.weeks.count - 1].sessions.append(s)
            }
        }
        return d
    }

    /// One random change to athlete `a`, as of `today`.
    public mutating func mutate(
        _ ws: Workspace, athlete a: AthleteID, owner: Principal, today: LocalDay
    ) throws {
        let op = int(0, 5)
        let past = today.adding(days: -int(1, 150))
        switch op {
        case 0:
            counts["log", default: 0] += 1
            switch int(0, 4) {
            case 0:
                let w = workout(on: past)
                try ws.putLog(
                    w, id: RecordID(w.id), kind: .workout, day: past,
                    for: try ws.openAthlete(id: a, as: owner))
            case 1:
                let s = StepsDay(day: past, steps: int(0, 20000))
                try ws.putLog(
                    s, id: RecordID(s.id), kind: .steps, day: past,
                    for: try ws.openAthlete(id: a, as: owner))
            case 2:
                let h = hrv(on: past)
                try ws.putLog(
                    h, id: RecordID(h.id), kind: .biometric, day: past,
                    for: try ws.openAthlete(id: a, as: owner))
            case 3:
                let k = weight(on: past)
                try ws.putLog(
                    k, id: RecordID(k.id), kind: .weight, day: past,
                    for: try ws.openAthlete(id: a, as: owner))
            default:
                let m = WellnessEntry(id: id("m"), day: past, mood: int(1, 5))
                try ws.putLog(
                    m, id: RecordID(m.id), kind: .wellness, day: past,
                    for: try ws.openAthlete(id: a, as: owner))
            }
        case 1:
            counts["edit", default: 0] += 1
            let d = try ws.exportDataset(athleteId: a, as: owner)
            if int(0, 1) == 0, !d.workouts.isEmpty {
                var w = d.workouts[int(0, d.workouts.count - 1)]
                w.rpe = int(1, 10)
                w.elapsedS = Double(int(20, 180) * 60)
                if int(0, 1) == 0 { w.start = at(past, 9 * 3600) }
                try ws.putLog(
                    w, id: RecordID(w.id), kind: .workout, day: w.start.day(in: zone),
                    for: try ws.openAthlete(id: a, as: owner))
            } else if !d.biometrics.isEmpty {
                var b = d.biometrics[int(0, d.biometrics.count - 1)]
                b.value = b.type == .resting_hr ? Double(int(40, 60)) : Double(int(30, 90))
                try ws.putLog(
                    b, id: RecordID(b.id), kind: .biometric, day: b.time.day(in: zone),
                    for: try ws.openAthlete(id: a, as: owner))
            }
        case 2:
            counts["remove", default: 0] += 1
            let d = try ws.exportDataset(athleteId: a, as: owner)
            let ids =
                d.workouts.map(\.id) + d.weight.map(\.id) + d.steps.map(\.id)
                + d.biometrics.map(\.id)
            if !ids.isEmpty {
                try ws.removeLog(
                    id: RecordID(ids[int(0, ids.count - 1)]),
                    of: try ws.openAthlete(id: a, as: owner))
            }
        case 3:
            counts["threshold", default: 0] += 1
            _ = try ws.updateProfile(try ws.openAthlete(id: a, as: owner)) { p in
                switch self.int(0, 2) {
                case 0: p.thresholds.ftpW = Double(self.int(180, 320))
                case 1: p.thresholds.thresholdPaceSPerKm = Double(self.int(230, 330))
                default: p.thresholds.lthrBpm = Double(self.int(150, 180))
                }
            }
        case 4:
            counts["goal", default: 0] += 1
            let from = past
            let steps = int(5000, 14000)
            _ = try ws.updateProfile(try ws.openAthlete(id: a, as: owner)) { p in
                p.activity.stepGoals.removeAll { $0.from == from }
                p.activity.stepGoals.append(.init(from: from, steps: steps))
            }
        default:
            counts["import", default: 0] += 1
            var d = try ws.exportDataset(athleteId: a, as: owner)
            for _ in 0..<3 where !d.workouts.isEmpty {
                d.workouts[int(0, d.workouts.count - 1)].rpe = int(1, 10)
            }
            d.weight.append(weight(on: past))
            d.workouts.append(workout(on: past))
            _ = try ws.importDataset(d, handle: Handle(d.athlete.handle), create: false, as: owner)
        }
    }
}
