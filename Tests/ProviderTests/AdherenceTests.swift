import AdherencePlugin
import CoachKit
import Foundation
import Testing

@Suite struct AdherenceTests {
    let provider = AdherenceMetric()
    static let d = Fx.day("2026-06-18")  // a Thursday

    static func done(
        _ id: String, _ day: LocalDay, hour: Double = 7, sport: Sport = .cycling,
        tss: Double? = nil, seconds: Double? = 3600
    ) -> Workout {
        Fx.workout(id, Fx.at(day, hour: hour), sport) {
            $0.tss = tss; $0.elapsedS = seconds
        }
    }

    @Test(
        "compliance colours at the TrainingPeaks boundaries",
        arguments: [
            (49.0, Compliance.red), (50.0, .yellow), (80.0, .green), (120.0, .green),
            (150.0, .yellow), (151.0, .red),
        ])
    func complianceBands(actual: Double, colour: Compliance) {
        let s = Fx.session("s", Self.d.adding(days: -1)) {
            $0.plannedTss = 100; $0.linkedWorkout = "w"
        }
        let a = SessionAssessment.assess(
            s, workout: Self.done("w", Self.d.adding(days: -1), tss: actual))
        let r = actual / 100
        #expect(a.ratio == r)
        #expect(a.compliance == colour)
        #expect(Fx.close(a.adherence, 100 * min(r, 1 / r)))
        #expect(Compliance.of(ratio: r) == colour)
    }

    @Test("a past session with no workout and no % is missed: 0 and red")
    func missed() {
        let r = provider.evaluate(
            Fx.input(Self.d) { $0.plan = [Fx.session("s", Self.d.adding(days: -2))] })
        #expect(r.score == 0)
        #expect(r.number("sessions_missed") == 1)
        #expect(r.band?.name == "red")
        #expect(r.components.first?.note == "missed")
    }

    @Test("sessions of today and later do not count")
    func todayAndFuture() {
        let r = provider.evaluate(
            Fx.input(Self.d) {
                $0.plan = [Fx.session("t", Self.d), Fx.session("u", Self.d.adding(days: 3))]
            })
        #expect(r.status == .insufficientData)
        #expect(r.number("sessions_counted") == 0)
    }

    @Test("an explicit % wins and keeps its value even when matched")
    func explicitPercent() {
        let day = Self.d.adding(days: -1)
        let r = provider.evaluate(
            Fx.input(Self.d) {
                $0.plan = [
                    Fx.session("s", day) {
                        $0.adherencePct = 65; $0.plannedTss = 100
                    }
                ]
                $0.workouts = [Self.done("w", day, tss: 100)]
            })
        #expect(r.number("adherence_28d") == 65)
        #expect(r.components.first?.note == "green: recorded 65%, r 1.00 by tss")
    }

    @Test("unlinked sessions match unlinked workouts of the same day and sport in order")
    func matching() {
        let day = Self.d.adding(days: -1)
        let sessions = [
            Fx.session("b", day, order: 1) { $0.plannedDurationS = 3600 },
            Fx.session("a", day, order: 0) { $0.plannedDurationS = 1800 },
            Fx.session("run", day, order: 2, sport: .running) { $0.plannedDurationS = 3600 },
            Fx.session("linked", day, order: 3) {
                $0.linkedWorkout = "late"; $0.plannedDurationS = 5400
            },
        ]
        let workouts = [
            Self.done("late", day, hour: 18, seconds: 5400),
            Self.done("second", day, hour: 12, seconds: 3600),
            Self.done("first", day, hour: 6, seconds: 1800),
        ]
        let a = SessionAssessment.assess(
            sessions: sessions, workouts: workouts, zone: TimeZone(identifier: "UTC")!,
            before: Self.d)
        #expect(a.map(\.session.id) == ["a", "b", "run", "linked"])
        #expect(a.map(\.workoutID) == ["first", "second", nil, "late"])
        #expect(a.map(\.adherence) == [100, 100, 0, 100])
        #expect(a[2].missed)
    }

    @Test("a matched session with nothing planned to compare counts 100")
    func nothingToCompare() {
        let day = Self.d.adding(days: -1)
        let r = provider.evaluate(
            Fx.input(Self.d) {
                $0.plan = [Fx.session("s", day)]
                $0.workouts = [Self.done("w", day)]
            })
        #expect(r.score == 100)
        #expect(r.band?.name == "green")
    }

    @Test("TSS is compared when both sides have it, else duration")
    func ratioBasis() {
        let day = Self.d.adding(days: -1)
        let s = Fx.session("s", day) {
            $0.plannedTss = 100; $0.plannedDurationS = 3600
        }
        #expect(
            SessionAssessment.assess(s, workout: Self.done("w", day, tss: nil, seconds: 2700))
                .ratioBasis == "duration")
        #expect(
            SessionAssessment.assess(s, workout: Self.done("w", day, tss: 90, seconds: 2700)).ratio
                == 0.9)
    }

    @Test("28 days, the Monday week and all time are reported separately")
    func periods() {
        let monday = Self.d.monday
        let r = provider.evaluate(
            Fx.input(Self.d) {
                $0.plan = [
                    Fx.session("old", Self.d.adding(days: -40)),  // missed, all-time only
                    // in the 28 days
                    Fx.session("edge", Self.d.adding(days: -28)) { $0.adherencePct = 50 },
                    Fx.session("mon", monday) { $0.adherencePct = 90 },
                    Fx.session("wed", Self.d.adding(days: -1)) { $0.adherencePct = 70 },
                ]
            })
        #expect(r.number("sessions_counted") == 3)
        #expect(r.number("sessions_missed") == 0)
        #expect(Fx.close(r.number("adherence_28d"), 70))
        #expect(Fx.close(r.number("adherence_week"), 80))
        #expect(Fx.close(r.number("adherence_all"), 52.5))
        #expect(r.score == 70)
        #expect(r.band?.name == "yellow")
    }

    @Test("on a Monday the week has no past sessions yet")
    func mondayWeek() {
        let monday = Fx.day("2026-06-15")
        let r = provider.evaluate(
            Fx.input(monday) {
                $0.plan = [Fx.session("s", monday.adding(days: -1)) { $0.adherencePct = 80 }]
            })
        #expect(r.values["adherence_week"] == .null)
        #expect(r.score == 80)
    }

    @Test("no planned sessions is insufficient data")
    func noPlan() {
        let r = provider.evaluate(Fx.input(Self.d))
        #expect(r.status == .insufficientData)
        #expect(r.reason == "no planned sessions in the 28 days before 2026-06-18")
    }
}
