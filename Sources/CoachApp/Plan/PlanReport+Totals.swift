import AdherencePlugin
import CoachKit
import CoachStore
import Foundation
import TrainingLoadPlugin

extension PlanReport {
    /// A week's planned load against what was done: sessions, duration and TSS, and the
    /// distance and energy of the week's workouts.
    public struct Totals: Encodable, Equatable {
        public var plannedSessions = 0
        public var plannedDurationS = 0.0
        public var plannedTss = 0.0
        /// Planned sessions assessed as done.
        public var doneSessions = 0
        /// Every workout of the week, planned or not.
        public var workouts = 0
        public var doneDurationS = 0.0
        public var doneTss = 0.0
        /// Distance of every workout of the week, metres (0 when none has one).
        public var doneDistanceM = 0.0
        /// Energy of every workout of the week, kcal (0 when none has it).
        public var doneKcal = 0.0

        enum CodingKeys: String, CodingKey {
            case workouts
            case plannedSessions = "planned_sessions"
            case plannedDurationS = "planned_duration_s"
            case plannedTss = "planned_tss"
            case doneSessions = "done_sessions"
            case doneDurationS = "done_duration_s"
            case doneTss = "done_tss"
            case doneDistanceM = "done_distance_m"
            case doneKcal = "done_kcal"
        }
    }

    /// A workout of the week that no planned session took (workouts on a day whose sessions
    /// are not assessed yet are not counted as unplanned).
    public struct Unplanned: Encodable, Equatable {
        public let id: String
        public let date: LocalDay
        public let sport: Sport
        public let title: String?
        public let durationS: Double?
        public let tss: Double

        enum CodingKeys: String, CodingKey {
            case id, date, sport, title, tss
            case durationS = "duration_s"
        }
    }

    /// `week` with its totals and unplanned workouts filled in from the snapshot's workouts.
    static func withTotals(
        _ week: Week, snapshot: PlanSnapshot, assessed: [String: SessionAssessment]
    ) -> Week {
        var week = week
        let zone = snapshot.profile.zone
        let sessions = week.days.flatMap(\.sessions)
        let taken = Set(
            sessions.compactMap { assessed[$0.session.id]?.workoutID ?? $0.session.linkedWorkout })
        // Today's sessions no workout took yet are assessed tomorrow: a workout on their day is
        // not called unplanned.
        let pending = Set(sessions.filter { $0.status == "planned" }.map(\.session.date))
        let workouts = snapshot.workouts.filter {
            let d = $0.start.day(in: zone)
            return d >= week.start && d <= week.end
        }
        var t = Totals()
        t.plannedSessions = sessions.count
        t.plannedDurationS = sessions.compactMap(\.session.plannedDurationS).reduce(0, +)
        t.plannedTss = sessions.compactMap(\.session.plannedTss).reduce(0, +)
        t.doneSessions = sessions.filter { $0.status == "done" }.count
        t.workouts = workouts.count
        var unplanned: [Unplanned] = []
        for w in workouts {
            let day = w.start.day(in: zone)
            let tss = WorkoutStress.tss(
                of: w, athlete: AthleteContext(profile: snapshot.profile, day: day)
            ).tss
            let duration = w.elapsedS ?? w.movingS
            t.doneDurationS += duration ?? 0
            t.doneTss += tss
            t.doneDistanceM += w.distanceM ?? 0
            t.doneKcal += w.kcal ?? 0
            if !taken.contains(w.id) && !pending.contains(day) {
                unplanned.append(
                    Unplanned(
                        id: w.id, date: day, sport: w.sport, title: w.title, durationS: duration,
                        tss: tss))
            }
        }
        week.totals = t
        week.unplanned = unplanned
        return week
    }
}
