import CoachKit
import CoachViews
import Foundation

/// The Today view of one athlete with the sessions planned for the day.
///
/// Its JSON is the dashboard's, with `sessions_today` added.
public struct DashboardPage: Encodable, Sendable {
    /// Body battery, form, suggested load, the week and every metric.
    public let dashboard: Dashboard
    /// The sessions planned on the dashboard's day, each done once a workout took it.
    public let sessions: [BriefSession]

    enum CodingKeys: String, CodingKey {
        case sessions = "sessions_today"
    }

    /// The dashboard's keys, then `sessions_today`.
    public func encode(to encoder: Encoder) throws {
        try dashboard.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sessions, forKey: .sessions)
    }
}

extension AppSession {
    /// The Today view of one athlete, with the day's planned sessions.
    ///
    /// - Parameters:
    ///   - handle: the athlete (nil for the current one, or an athlete user's own).
    ///   - date: a day expression, nil for today.
    public func dashboardPage(_ handle: Handle?, date: String?) throws -> DashboardPage {
        let view = try windowedView(handle, date: date, back: 6)
        return DashboardPage(
            dashboard: try Dashboard(view.evaluation, at: view.moment),
            sessions: BriefSession.planned(on: view.moment.day, in: view.evaluation))
    }
}
