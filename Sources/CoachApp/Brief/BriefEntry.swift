import AdherencePlugin
import CoachKit
import CoachMetrics
import CoachViews
import Foundation

/// One athlete in the morning brief: why they need attention, whether they checked in, the
/// sessions missed yesterday and planned today, body battery and the suggested load.
///
/// Flags, body battery and the check-in come from the athlete's `TeamRow`, so the brief says
/// what `team` says.
public struct BriefEntry: Codable, Sendable, Equatable {
    /// The suggested training load of the day, in TSS.
    public struct Load: Codable, Sendable, Equatable {
        public var low: Double
        public var high: Double
    }

    public var handle: String
    public var name: String
    /// The athlete-local day the brief is about.
    public var day: LocalDay
    /// Body battery 0–100, when it could be scored.
    public var bodyBattery: Int?
    /// The body battery's zone name, e.g. "Tempo/Sweetspot".
    public var zone: String?
    /// The suggested load, when there is enough history and no rest is advised.
    public var suggestedLoad: Load?
    /// Whether a rest day is advised (possible illness).
    public var restAdvised: Bool
    /// The day's flags, as `team` shows them.
    public var flags: [String]
    /// The flags in plain words.
    public var reasons: [String]
    /// Whether the athlete checked in (mood or soreness) on the day.
    public var checkedIn: Bool
    /// The last day with a check-in, up to the day.
    public var lastCheckIn: LocalDay?
    /// Sessions planned for the day before that were not done.
    public var missedYesterday: [BriefSession]
    /// Sessions planned for the day, with whether each is done yet.
    public var today: [BriefSession]

    /// Whether the coach should look at this athlete: any flag.
    public var needsAttention: Bool { !flags.isEmpty }

    enum CodingKeys: String, CodingKey {
        case handle, name, day, zone, flags, reasons, today
        case bodyBattery = "body_battery"
        case suggestedLoad = "suggested_load"
        case restAdvised = "rest_advised"
        case checkedIn = "checked_in"
        case lastCheckIn = "last_check_in"
        case missedYesterday = "missed_yesterday"
        case needsAttention = "needs_attention"
    }

    /// The entry of one athlete on `moment`'s day.
    public init(_ evaluation: MetricEvaluation, at moment: ViewMoment) throws {
        let row = try TeamRow(evaluation, at: moment)
        let readiness = try evaluation.result("readiness", day: moment.day, now: moment.now)
        handle = row.handle
        name = row.name
        day = moment.day
        bodyBattery = row.readiness
        zone = row.zone?.name
        restAdvised = readiness.flags.contains("possible_illness")
        if readiness.status == .ok, !restAdvised, let low = readiness.number("tss_low"),
            let high = readiness.number("tss_high")
        {
            suggestedLoad = Load(low: low, high: high)
        }
        flags = row.flags
        lastCheckIn = row.lastCheckIn
        checkedIn = row.lastCheckIn == moment.day
        let plan = evaluation.dataset.weeks.flatMap(\.sessions)
        let recent = SessionAssessment.assess(
            sessions: plan.filter { $0.date >= moment.day.adding(days: -7) },
            workouts: evaluation.dataset.workouts, zone: evaluation.zone, before: moment.day
        ).filter(\.missed).map(BriefSession.init)
        missedYesterday = recent.filter { $0.date == moment.day.adding(days: -1) }
        today = BriefSession.planned(on: moment.day, in: evaluation)
        reasons = BriefReason.phrases(
            row.flags, missed: recent,
            soreness: row.worstSoreness.map { ($0.group, $0.level) })
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        handle = try c.decode(String.self, forKey: .handle)
        name = try c.decode(String.self, forKey: .name)
        day = try c.decode(LocalDay.self, forKey: .day)
        bodyBattery = try c.decodeIfPresent(Int.self, forKey: .bodyBattery)
        zone = try c.decodeIfPresent(String.self, forKey: .zone)
        suggestedLoad = try c.decodeIfPresent(Load.self, forKey: .suggestedLoad)
        restAdvised = try c.decode(Bool.self, forKey: .restAdvised)
        flags = try c.decode([String].self, forKey: .flags)
        reasons = try c.decode([String].self, forKey: .reasons)
        checkedIn = try c.decode(Bool.self, forKey: .checkedIn)
        lastCheckIn = try c.decodeIfPresent(LocalDay.self, forKey: .lastCheckIn)
        missedYesterday = try c.decode([BriefSession].self, forKey: .missedYesterday)
        today = try c.decode([BriefSession].self, forKey: .today)
    }

    /// Writes every key, with null for what is unknown, so scripts see one shape.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(handle, forKey: .handle)
        try c.encode(name, forKey: .name)
        try c.encode(day, forKey: .day)
        try c.encode(bodyBattery, forKey: .bodyBattery)
        try c.encode(zone, forKey: .zone)
        try c.encode(suggestedLoad, forKey: .suggestedLoad)
        try c.encode(restAdvised, forKey: .restAdvised)
        try c.encode(flags, forKey: .flags)
        try c.encode(reasons, forKey: .reasons)
        try c.encode(checkedIn, forKey: .checkedIn)
        try c.encode(lastCheckIn, forKey: .lastCheckIn)
        try c.encode(missedYesterday, forKey: .missedYesterday)
        try c.encode(today, forKey: .today)
        try c.encode(needsAttention, forKey: .needsAttention)
    }
}
