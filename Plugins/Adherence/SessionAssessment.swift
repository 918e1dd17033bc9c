import CoachKit
import Foundation
import TrainingLoadPlugin

/// How well one past planned session was carried out.
///
/// An explicit adherence % wins. Otherwise, with a linked (or matched) workout and a planned TSS or
/// duration, r = actual / planned and adherence = 100 · min(r, 1/r); with a workout but nothing to
/// compare, 100. A past session with neither is missed (0, red). The workout's TSS is the one
/// training-load computes for it (device, power, pace, heart rate or RPE, whichever comes first).
public struct SessionAssessment: Sendable, Equatable {
    public var session: PlannedSession
    public var workoutID: String?
    public var ratio: Double?
    /// What the ratio compares: `tss` or `duration`.
    public var ratioBasis: String?
    public var adherence: Double
    public var compliance: Compliance
    public var missed: Bool

    /// Adherence of ratio `r`: 100 · min(r, 1/r) (0 for r ≤ 0).
    public static func adherence(ratio r: Double) -> Double { r > 0 ? 100 * min(r, 1 / r) : 0 }

    /// Assesses the sessions dated before `day`, matching unlinked sessions to workouts.
    ///
    /// A session without an explicit link takes an unlinked workout of the same local day and sport
    /// (a session without a sport is never matched automatically); sessions go in plan order,
    /// workouts by start time, each workout at most once.
    ///
    /// - Parameters:
    ///   - sessions: planned sessions in any order.
    ///   - workouts: the workouts that may match.
    ///   - zone: the athlete's time zone.
    ///   - day: the evaluated day; sessions on or after it are not assessed.
    ///   - athlete: thresholds and sex for the workouts' TSS (the default knows none, so only a
    ///     recorded or RPE-based TSS exists).
    /// - Returns: one assessment per past session, ordered by date and plan order.
    public static func assess(
        sessions: [PlannedSession], workouts: [Workout], zone: TimeZone,
        before day: LocalDay, athlete: AthleteContext = AthleteContext()
    )
        -> [SessionAssessment]
    {
        let past = sessions.enumerated().filter { $0.element.date < day }
            .sorted {
                ($0.element.date, $0.element.order, $0.offset) < (
                    $1.element.date, $1.element.order, $1.offset
                )
            }
            .map(\.element)
        let linked = Set(sessions.compactMap(\.linkedWorkout))
        var byID: [String: Int] = [:]
        // Indices of unlinked workouts per local day, in start order.
        var free: [Int: [Int]] = [:]
        let days = ZoneDays(zone: zone, spanning: workouts) { $0.start }
        for i in workouts.indices {
            if !linked.isEmpty, linked.contains(workouts[i].id) {
                if byID[workouts[i].id] == nil { byID[workouts[i].id] = i }
            } else {
                free[days.day(of: workouts[i].start).ordinal, default: []].append(i)
            }
        }
        for k in free.keys {
            free[k]!.sort {
                (workouts[$0].start, workouts[$0].id) < (workouts[$1].start, workouts[$1].id)
            }
        }

        return past.map { s in
            var workout: Workout?
            if let link = s.linkedWorkout {
                workout = byID[link].map { workouts[$0] }
            } else if let pool = free[s.date.ordinal],
                let sport = s.sport, let k = pool.firstIndex(where: { workouts[$0].sport == sport })
            {
                workout = workouts[pool[k]]
                free[s.date.ordinal]!.remove(at: k)
            }
            return assess(s, workout: workout, athlete: athlete)
        }
    }

    /// Assesses one session against the workout it is linked or matched to.
    ///
    /// - Parameters:
    ///   - s: the planned session.
    ///   - workout: its workout, if any.
    ///   - athlete: thresholds and sex for the workout's TSS.
    public static func assess(
        _ s: PlannedSession, workout: Workout?,
        athlete: AthleteContext = AthleteContext()
    ) -> SessionAssessment {
        var a = SessionAssessment(
            session: s, workoutID: workout?.id, ratio: nil, ratioBasis: nil,
            adherence: 0, compliance: .red, missed: false)
        if let w = workout {
            let computed = WorkoutStress.tss(of: w, athlete: athlete)
            if let p = s.plannedTss, p > 0, computed.method != nil, computed.tss.isFinite {
                let t = computed.tss
                a.ratio = t / p; a.ratioBasis = "tss"
            } else if let p = s.plannedDurationS, p > 0, let t = w.elapsedS ?? w.movingS, t.isFinite
            {
                a.ratio = t / p; a.ratioBasis = "duration"
            }
        }
        if let pct = s.adherencePct, pct.isFinite {
            a.adherence = MetricMath.clamp(pct, 0, 100)
            a.compliance =
                a.ratio.map { Compliance.of(ratio: $0) } ?? Compliance.of(percent: a.adherence)
        } else if workout != nil {
            a.adherence = a.ratio.map { adherence(ratio: $0) } ?? 100
            a.compliance = a.ratio.map { Compliance.of(ratio: $0) } ?? .green
        } else {
            a.missed = true
        }
        return a
    }

    /// A short note such as `green: r 0.95 by tss` or `missed`.
    public var note: String {
        if missed { return "missed" }
        var text = compliance.rawValue
        if session.adherencePct != nil { text += ": recorded \(MetricFormat.fixed(adherence, 0))%" }
        if let r = ratio, let b = ratioBasis {
            text +=
                (session.adherencePct != nil ? ", " : ": ")
                + "r \(MetricFormat.fixed(r, 2)) by \(b)"
        }
        if ratio == nil && session.adherencePct == nil {
            text += ": done, nothing planned to compare"
        }
        return text
    }
}
