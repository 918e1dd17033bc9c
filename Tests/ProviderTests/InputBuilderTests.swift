import CoachKit
import Foundation
import Testing

@Suite struct InputBuilderTests {
    /// Thirty days of every kind of record, one a day at noon UTC, from 2026-01-01.
    static func dataset() -> AthleteDataset {
        var profile = AthleteProfile(handle: "jane", name: "Jane Doe", timeZone: "UTC")
        profile.email = "jane@example.org"
        profile.birthDate = Fx.day("1990-06-15")
        profile.sex = .female
        profile.weightKg = 60
        var ds = AthleteDataset(athlete: profile)
        let first = Fx.day("2026-01-01")
        var week = ProgramWeek(id: "wk", start: first)
        for i in 0..<30 {
            let d = first.adding(days: i)
            let noon = Fx.at(d, hour: 12)
            ds.workouts.append(Fx.workout("w\(i)", noon) { $0.tss = 50 })
            ds.wellness.append(WellnessEntry(id: "m\(i)", day: d, mood: 3))
            ds.biometrics.append(Fx.sample(.resting_hr, 50, noon))
            ds.sleep.append(
                SleepRecord(
                    id: "s\(i)", start: Fx.at(d, hour: 23), end: Fx.at(d.adding(days: 1), hour: 7),
                    stage: .asleep))
            ds.food.append(FoodEntry(id: "f\(i)", time: noon, kcal: 2000))
            ds.steps.append(StepsDay(day: d, steps: 8000))
            ds.weight.append(WeightEntry(id: "kg\(i)", time: noon, kg: 60))
            week.sessions.append(Fx.session("p\(i)", d))
        }
        ds.weeks = [week]
        // Shuffle the order records arrive in; the index must sort them.
        ds.workouts.reverse(); ds.food.reverse(); ds.biometrics.reverse()
        return ds
    }

    static func descriptor(_ inputs: [InputRequirement]) -> MetricDescriptor {
        MetricDescriptor(
            id: "probe", name: "Probe", summary: "", version: "1", inputs: inputs,
            range: .init(min: 0, max: 100), unit: "", bands: [])
    }

    @Test("only the declared kinds are filled")
    func declaredKindsOnly() {
        let input = MetricInput.make(
            descriptor: Self.descriptor([InputRequirement(.food, days: 7)]),
            dataset: Self.dataset(), day: Fx.day("2026-01-20"))
        #expect(input.nonEmptyKinds == [.food])
    }

    @Test("a window of N days holds the evaluated day and the N - 1 before it, in order")
    func windows() {
        let d = Fx.day("2026-01-20")
        let input = MetricInput.make(
            descriptor: Self.descriptor([
                InputRequirement(.food, days: 7), InputRequirement(.steps, days: 1),
                InputRequirement(.plan, days: 1, ahead: 1), InputRequirement(.sleep, days: 2),
            ]),
            dataset: Self.dataset(), day: d)
        #expect(
            input.food.map { $0.time.day(in: input.zone) } == (0..<7).map { d.adding(days: $0 - 6) }
        )
        #expect(input.steps.map(\.day) == [d])
        #expect(input.plan.map(\.date) == [d, d.adding(days: 1)])
        // Sleep starting the evening before the window's first day is included (that night belongs to it).
        #expect(input.sleep.map(\.id) == ["s17", "s18", "s19"])
    }

    @Test("whole-history kinds stop at the evaluated day")
    func wholeHistory() {
        let input = MetricInput.make(
            descriptor: Self.descriptor([
                InputRequirement(.workouts, days: nil),
                InputRequirement(.weight, days: nil),
            ]),
            dataset: Self.dataset(), day: Fx.day("2026-01-10"))
        #expect(input.workouts.count == 10)
        #expect(input.workouts.first?.id == "w0")
        #expect(input.workouts.last?.id == "w9")
        #expect(input.weight.count == 10)
    }

    @Test("the athlete context carries age on the day and no identity")
    func athleteContext() throws {
        let before = MetricInput.make(
            descriptor: Self.descriptor([]), dataset: Self.dataset(), day: Fx.day("2026-06-14"))
        let after = MetricInput.make(
            descriptor: Self.descriptor([]), dataset: Self.dataset(), day: Fx.day("2026-06-15"))
        #expect(before.athlete.ageYears == 35)
        #expect(after.athlete.ageYears == 36)
        #expect(after.athlete.sex == .female)
        let text = String(decoding: try JSONEncoder().encode(after), as: UTF8.self)
        #expect(!text.contains("Jane"))
        #expect(!text.contains("example.org"))
        #expect(!text.contains("1990"))
    }

    @Test("now defaults to 23:59:59 of the evaluated day, in the athlete's zone")
    func defaultNow() {
        var ds = Self.dataset()
        ds.athlete.timeZone = Fx.berlin
        let input = MetricInput.make(
            descriptor: Self.descriptor([]), dataset: ds, day: Fx.day("2026-03-29"))
        #expect(
            Instant(date: input.now, timeZone: input.zone).description
                == "2026-03-29T23:59:59+02:00")
    }

    @Test("an indexed dataset gives the same inputs as the one-shot builder")
    func indexMatchesOneShot() {
        let ds = Self.dataset()
        let index = IndexedDataset(ds)
        let desc = Self.descriptor(InputKind.allCases.map { InputRequirement($0, days: 5) })
        for offset in [0, 3, 29, 40] {
            let d = Fx.day("2026-01-01").adding(days: offset)
            #expect(
                MetricInput.make(descriptor: desc, index: index, day: d)
                    == MetricInput.make(descriptor: desc, dataset: ds, day: d))
        }
    }

    @Test("an input survives a JSON round trip (as plugins receive it)")
    func inputRoundTrip() throws {
        let desc = Self.descriptor(InputKind.allCases.map { InputRequirement($0, days: 3) })
        let input = MetricInput.make(
            descriptor: desc, dataset: Self.dataset(), day: Fx.day("2026-01-15"))
        let data = try JSONEncoder().encode(input)
        let back = try JSONDecoder().decode(MetricInput.self, from: data)
        #expect(back == input)
        let o = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        #expect(
            Set((o["inputs"] as! [String: Any]).keys) == Set(InputKind.allCases.map(\.rawValue)))
        #expect(o["timeZone"] as? String == "UTC")
    }
}
