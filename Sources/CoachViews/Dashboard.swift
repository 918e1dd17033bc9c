import CoachKit
import CoachMetrics
import Foundation

/// The "Today" view of one athlete: body battery, form, suggested load, the week, a card per metric.
public struct Dashboard: Codable, Sendable, Equatable {
    public var handle: String
    public var name: String
    public var day: LocalDay
    /// Every provider's result for the day, in registry order (readiness first for the built-ins).
    public var metrics: [MetricResult]
    /// Body battery of the 7 days ending on `day` (nil where it could not be scored).
    public var readinessWeek: [SeriesPoint]

    enum CodingKeys: String, CodingKey {
        case handle, name, day, metrics
        case readinessWeek = "readiness_week"
    }

    /// Builds the dashboard of one athlete.
    ///
    /// The six earlier days of the sparkline are scored as past days (their "now" is 23:59:59).
    public init(_ evaluation: MetricEvaluation, at moment: ViewMoment) throws {
        handle = evaluation.index.profile.handle
        name = evaluation.index.profile.name
        day = moment.day
        metrics = try evaluation.results(day: moment.day, now: moment.now)
        let today = metrics.first { $0.id == "readiness" }
        readinessWeek = try (0..<7).map { back -> SeriesPoint in
            let d = moment.day.adding(days: back - 6)
            let r = back == 6 ? today : try evaluation.result("readiness", day: d, now: nil)
            return SeriesPoint(day: d, value: r?.score.map(Double.init))
        }
    }

    /// The result of provider `id`, if it ran.
    public func metric(_ id: String) -> MetricResult? { metrics.first { $0.id == id } }
}
