import AdherencePlugin
import CoachKit
import CoachMetrics
import Foundation

/// One planned session as the morning brief lists it: what, how long, and whether it is done.
public struct BriefSession: Codable, Sendable, Equatable {
    /// The session's id.
    public var id: String
    /// The day it is planned on.
    public var date: LocalDay
    /// Its title, e.g. "Threshold 3x12".
    public var title: String
    /// Its sport, when it names one.
    public var sport: Sport?
    /// Its planned duration in seconds.
    public var plannedDurationS: Double?
    /// Its planned training stress.
    public var plannedTss: Double?
    /// Its start time, HH:MM, when it has one.
    public var time: String?
    /// Whether a workout was linked or matched to it (same day and sport).
    public var done: Bool

    enum CodingKeys: String, CodingKey {
        case id, date, title, sport, time, done
        case plannedDurationS = "planned_duration_s"
        case plannedTss = "planned_tss"
    }

    /// The sessions planned on `day`, each done once a workout of the day took it.
    ///
    /// - Parameters:
    ///   - day: the athlete-local day.
    ///   - evaluation: the athlete's plan and workouts (a window holding `day`).
    public static func planned(on day: LocalDay, in evaluation: MetricEvaluation)
        -> [BriefSession]
    {
        SessionAssessment.assess(
            sessions: evaluation.dataset.weeks.flatMap(\.sessions).filter { $0.date == day },
            workouts: evaluation.dataset.workouts, zone: evaluation.zone,
            before: day.adding(days: 1)
        ).map(BriefSession.init)
    }

    /// The session as `assessment` found it.
    init(_ assessment: SessionAssessment) {
        let s = assessment.session
        id = s.id
        date = s.date
        title = s.title
        sport = s.sport
        plannedDurationS = s.plannedDurationS
        plannedTss = s.plannedTss
        time = s.time
        done = assessment.workoutID != nil
    }
}
