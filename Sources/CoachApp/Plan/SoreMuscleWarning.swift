import CoachKit
import Foundation

/// A planned session that loads a muscle group the athlete rated sore: a check-in of the
/// session's day or the two days before it (up to today) rated the group `minimumLevel` or more.
public struct SoreMuscleWarning: Encodable, Sendable, Equatable {
    /// Soreness (0–10) at or above which planning on the group warns: "sore" on the DOMS scale,
    /// the level the self-assessment metric's `sore_group_planned` flag uses.
    public static let minimumLevel = 6
    /// Days before the session's day whose check-ins count (two: the last 48 hours).
    public static let window = 2

    /// The session's title.
    public let title: String
    /// The session's day.
    public let day: LocalDay
    /// The sore group the session targets.
    public let group: MuscleGroup
    /// The highest rating of the group in the window.
    public let level: Int
    /// The day of that rating.
    public let ratedOn: LocalDay

    enum CodingKeys: String, CodingKey {
        case title, day, group, level
        case ratedOn = "rated_on"
    }

    /// The warnings for `session`: one per targeted group rated sore in its window.
    ///
    /// - Parameters:
    ///   - session: the planned session.
    ///   - wellness: the athlete's check-ins.
    ///   - today: the athlete's today; check-ins after it are not counted.
    /// - Returns: the warnings, by group name.
    public static func check(
        _ session: PlannedSession, wellness: [WellnessEntry], today: LocalDay
    ) -> [SoreMuscleWarning] {
        let first = session.date.adding(days: -window)
        let recent = wellness.filter {
            $0.day >= first && $0.day <= session.date && $0.day <= today
        }
        return Set(session.targets).sorted { $0.rawValue < $1.rawValue }.compactMap { group in
            let rated = recent.compactMap { e in e.doms[group].map { (e.day, $0) } }
            guard let worst = rated.max(by: { ($0.1, $0.0) < ($1.1, $1.0) }),
                worst.1 >= minimumLevel
            else { return nil }
            return SoreMuscleWarning(
                title: session.title, day: session.date, group: group, level: worst.1,
                ratedOn: worst.0)
        }
    }
}
