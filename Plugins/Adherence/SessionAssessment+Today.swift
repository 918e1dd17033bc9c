import CoachKit
import Foundation

extension SessionAssessment {
    /// The one assessment of an athlete's sessions on `today` that every view shows: the past
    /// sessions, and today's sessions a workout of the day already took, by session id.
    ///
    /// Today's other sessions are still planned: they are assessed (and may be missed) from
    /// tomorrow on. Workouts are scored with the athlete's own thresholds on `today`, as the
    /// adherence provider scores them.
    /// - Parameters:
    ///   - today: the athlete-local day the views are seen from.
    ///   - sessions: the planned sessions.
    ///   - workouts: the logged workouts.
    ///   - profile: the athlete (time zone and thresholds).
    /// - Returns: the assessed sessions by id.
    public static func asOf(
        _ today: LocalDay, sessions: [PlannedSession], workouts: [Workout],
        profile: AthleteProfile
    ) -> [String: SessionAssessment] {
        let all = assess(
            sessions: sessions, workouts: workouts, zone: profile.zone,
            before: today.adding(days: 1), athlete: AthleteContext(profile: profile, day: today))
        let known = all.filter { $0.session.date < today || !$0.missed }
        return Dictionary(known.map { ($0.session.id, $0) }, uniquingKeysWith: { a, _ in a })
    }
}
