import AdherenceProvider
import CoachKit
import Foundation

/// One athlete's line in `coach team`: the numbers a coach scans, and why to look closer.
public struct TeamRow: Codable, Sendable, Equatable {
    public var handle: String
    public var name: String
    public var day: LocalDay
    /// Body battery 0–100 and its zone.
    public var readiness: Int?
    public var zone: BandLabel?
    /// Form (TSB) going into the day.
    public var form: Double?
    public var stress: Int?
    public var stressBand: BandLabel?
    /// Mean adherence of the planned sessions of the last 28 days, %.
    public var adherence28d: Double?
    public var selfAssessment: Int?
    /// Every provider flag of the day, plus `missed_session` for a planned session of the last
    /// 7 days that was not done; sorted, without repeats.
    public var flags: [String]

    public var isFlagged: Bool { !flags.isEmpty }

    enum CodingKeys: String, CodingKey {
        case handle, name, day, readiness, zone, form, stress, flags
        case stressBand = "stress_band"
        case adherence28d = "adherence_28d"
        case selfAssessment = "self_assessment"
    }

    /// The row of one athlete.
    ///
    /// - Parameters:
    ///   - evaluation: the athlete's indexed data.
    ///   - moment: the day shown and its "now".
    public init(_ evaluation: MetricEvaluation, at moment: ViewMoment) throws {
        let profile = evaluation.index.profile
        let results = try evaluation.results(day: moment.day, now: moment.now)
        func result(_ id: String) -> MetricResult? {
            results.first { $0.id == id && $0.status == .ok }
        }
        handle = profile.handle
        name = profile.name
        day = moment.day
        readiness = result("readiness")?.score
        zone = result("readiness")?.band
        form = result("training-load")?.number("tsb")
        stress = result("stress")?.score
        stressBand = result("stress")?.band
        adherence28d = result("adherence")?.number("adherence_28d")
        selfAssessment = result("self-assessment")?.score
        var flags = Set(results.flatMap(\.flags))
        let plan = evaluation.dataset.weeks.flatMap(\.sessions)
        let recent = SessionAssessment.assess(
            sessions: plan.filter { $0.date >= moment.day.adding(days: -7) },
            workouts: evaluation.dataset.workouts, zone: evaluation.zone,
            before: moment.day)
        if recent.contains(where: \.missed) { flags.insert("missed_session") }
        self.flags = flags.sorted()
    }
}
