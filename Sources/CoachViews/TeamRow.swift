import AdherencePlugin
import CoachKit
import CoachMetrics
import Foundation
import SelfAssessmentPlugin

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
    /// The last day with a wellness check-in (mood or soreness), up to the day shown.
    public var lastCheckIn: LocalDay?
    /// The mood of that check-in, 1–5 (a day's entries merged).
    public var mood: Int?
    /// The sorest muscle group of that check-in and its level 0–10.
    public var worstSoreness: Soreness?
    /// Every provider flag of the day, plus `missed_session` for a planned session of the last
    /// 7 days that was not done, `severe_soreness` and `stale_check_in`; without repeats, the urgent ones first (`TeamRow.ordered`).
    public var flags: [String]
    /// The day's result of every plugin metric, in registry order (absent without plugins).
    public var plugins: [PluginScore]

    public var isFlagged: Bool { !flags.isEmpty }

    /// One muscle group's soreness.
    public struct Soreness: Codable, Sendable, Equatable {
        public let group: String
        public let level: Int

        /// The soreness `level` (0–10) of muscle `group`.
        public init(group: String, level: Int) {
            self.group = group
            self.level = level
        }
    }

    /// Soreness at or above this level (0–10) on a check-in of the last two days raises
    /// `severe_soreness`: "very sore" on the DOMS scale, whatever the other scores say.
    public static let severeSoreness = 7

    /// A last check-in more days before the day shown than this (or none at all) raises
    /// `stale_check_in`: mood and soreness older than that say nothing about today.
    public static let staleCheckInDays = 2

    enum CodingKeys: String, CodingKey {
        case handle, name, day, readiness, zone, form, stress, flags, mood, plugins
        case lastCheckIn = "last_check_in"
        case worstSoreness = "worst_soreness"
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
        self.init(
            evaluation, at: moment,
            results: try evaluation.results(day: moment.day, now: moment.now))
    }

    /// The row of one athlete from the day's provider results already at hand (the report
    /// shows the same flags as the team table this way).
    ///
    /// - Parameters:
    ///   - evaluation: the athlete's indexed data.
    ///   - moment: the day shown and its "now".
    ///   - results: every provider's result for `moment`.
    public init(_ evaluation: MetricEvaluation, at moment: ViewMoment, results: [MetricResult]) {
        let profile = evaluation.index.profile
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
        let checkIns = evaluation.dataset.wellness.filter {
            $0.day <= moment.day && ($0.mood != nil || !$0.doms.isEmpty)
        }
        if let last = checkIns.map(\.day).max(),
            let merged = DayAssessment.merge(checkIns.filter { $0.day == last })[last]
        {
            lastCheckIn = last
            mood = merged.mood
            if let group = merged.worstGroup, let level = merged.doms[group] {
                worstSoreness = Soreness(group: group.rawValue, level: level)
                if level >= Self.severeSoreness && last >= moment.day.adding(days: -1) {
                    flags.insert("severe_soreness")
                }
            }
        }
        if lastCheckIn.map({ moment.day.ordinal - $0.ordinal > Self.staleCheckInDays }) ?? true {
            flags.insert("stale_check_in")
        }
        self.flags = Self.ordered(flags)
        plugins = results.filter { $0.plugin != nil }.map(PluginScore.init)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        handle = try c.decode(String.self, forKey: .handle)
        name = try c.decode(String.self, forKey: .name)
        day = try c.decode(LocalDay.self, forKey: .day)
        readiness = try c.decodeIfPresent(Int.self, forKey: .readiness)
        zone = try c.decodeIfPresent(BandLabel.self, forKey: .zone)
        form = try c.decodeIfPresent(Double.self, forKey: .form)
        stress = try c.decodeIfPresent(Int.self, forKey: .stress)
        stressBand = try c.decodeIfPresent(BandLabel.self, forKey: .stressBand)
        adherence28d = try c.decodeIfPresent(Double.self, forKey: .adherence28d)
        selfAssessment = try c.decodeIfPresent(Int.self, forKey: .selfAssessment)
        lastCheckIn = try c.decodeIfPresent(LocalDay.self, forKey: .lastCheckIn)
        mood = try c.decodeIfPresent(Int.self, forKey: .mood)
        worstSoreness = try c.decodeIfPresent(Soreness.self, forKey: .worstSoreness)
        flags = try c.decode([String].self, forKey: .flags)
        plugins = try c.decodeIfPresent([PluginScore].self, forKey: .plugins) ?? []
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(handle, forKey: .handle)
        try c.encode(name, forKey: .name)
        try c.encode(day, forKey: .day)
        try c.encodeIfPresent(readiness, forKey: .readiness)
        try c.encodeIfPresent(zone, forKey: .zone)
        try c.encodeIfPresent(form, forKey: .form)
        try c.encodeIfPresent(stress, forKey: .stress)
        try c.encodeIfPresent(stressBand, forKey: .stressBand)
        try c.encodeIfPresent(adherence28d, forKey: .adherence28d)
        try c.encodeIfPresent(selfAssessment, forKey: .selfAssessment)
        try c.encodeIfPresent(lastCheckIn, forKey: .lastCheckIn)
        try c.encodeIfPresent(mood, forKey: .mood)
        try c.encodeIfPresent(worstSoreness, forKey: .worstSoreness)
        try c.encode(flags, forKey: .flags)
        if !plugins.isEmpty { try c.encode(plugins, forKey: .plugins) }
    }
}
