import AdherencePlugin
import CoachKit
import Foundation
import Testing

/// Issue 12, items 1 and 2: the workout's TSS is training-load's §1 TSS, and a session without a
/// sport is never matched automatically.
@Suite struct AdherenceSpecTests {
    let provider = AdherenceMetric()
    static let d = Fx.day("2026-06-18")
    static let y = d.adding(days: -1)
    static let athlete = AthleteContext(
        sex: .male,
        thresholds: Thresholds(
            ftpW: 200, thresholdPaceSPerKm: 300, lthrBpm: 165, restHrBpm: 50, maxHrBpm: 190))

    /// A 1-hour workout of `sport` configured by `configure`.
    static func hour(_ sport: Sport, _ configure: (inout Workout) -> Void) -> Workout {
        Fx.workout("w", Fx.at(y, hour: 7), sport) {
            $0.elapsedS = 3600; configure(&$0)
        }
    }

    @Test(
        "item 1: the session is compared with the workout's computed TSS",
        arguments: [
            // (workout, planned TSS, computed TSS, adherence, colour)
            (
                AdherenceSpecTests.hour(.cycling) { $0.npW = 160 }, 100.0, 64.0, 64.0,
                Compliance.yellow
            ),  // 1 h · 0.8² · 100
            (
                AdherenceSpecTests.hour(.running) { $0.distanceM = 12_000 }, 100.0, 100.0, 100.0,
                .green
            ),  // 300 s/km = threshold
            (
                AdherenceSpecTests.hour(.cycling) { $0.rpe = 7 }, 80.0, 72.25, 100 * 72.25 / 80,
                .green
            ),  // IF 0.85
            (
                AdherenceSpecTests.hour(.cycling) {
                    $0.tss = 120; $0.npW = 160
                }, 100.0, 120.0, 100 / 1.2, .green
            ),  // device wins
            // hrTSS at LTHR
            (AdherenceSpecTests.hour(.cycling) { $0.avgHrBpm = 165 }, 50.0, 100.0, 50.0, .red),
        ])
    func computedTSS(
        workout: Workout, planned: Double, tss: Double, adherence: Double, colour: Compliance
    ) {
        let s = Fx.session("s", Self.y, sport: workout.sport) {
            $0.plannedTss = planned; $0.plannedDurationS = 3600
        }
        let a = SessionAssessment.assess(s, workout: workout, athlete: Self.athlete)
        #expect(a.ratioBasis == "tss")
        #expect(Fx.close(a.ratio, tss / planned))
        #expect(Fx.close(a.adherence, adherence))
        #expect(a.compliance == colour)
        let r = provider.evaluate(
            Fx.input(Self.d, athlete: Self.athlete) { i in
                i.plan = [s]
                i.workouts = [workout]
            })
        #expect(Fx.close(r.number("adherence_28d"), adherence))
    }

    @Test(
        "item 1: without any TSS method the planned duration is compared (2700 of 3600 s ⇒ 75, yellow)"
    )
    func durationFallback() {
        let s = Fx.session("s", Self.y) {
            $0.plannedTss = 100; $0.plannedDurationS = 3600
        }
        let a = SessionAssessment.assess(
            s, workout: Self.hour(.cycling) { $0.elapsedS = 2700 }, athlete: Self.athlete)
        #expect(a.ratioBasis == "duration")
        #expect(a.adherence == 75)
        #expect(a.compliance == .yellow)
    }

    @Test(
        "item 2: a session without a sport is never matched automatically",
        arguments: [
            // (linked by hand, expected adherence, missed)
            (false, 0.0, true), (true, 100.0, false),
        ])
    func noSport(linked: Bool, adherence: Double, missed: Bool) {
        let s = Fx.session("s", Self.y, sport: nil) { $0.linkedWorkout = linked ? "w" : nil }
        let r = provider.evaluate(
            Fx.input(Self.d, athlete: Self.athlete) { i in
                i.plan = [s]
                i.workouts = [Self.hour(.running) { _ in }]
            })
        #expect(r.number("adherence_28d") == adherence)
        #expect(r.number("sessions_missed") == (missed ? 1 : 0))
    }
}
