import CoachKit
import Foundation

/// The morning brief of one athlete or of the whole roster: who needs attention and why, who
/// has not checked in, yesterday's missed and today's planned sessions, each athlete's body
/// battery and suggested load.
public struct Brief: Codable, Sendable, Equatable {
    /// The format tag of the brief's JSON.
    public static let formatTag = "coach-brief/1"

    /// The athletes, those needing attention first, then by handle.
    public var athletes: [BriefEntry]

    /// A brief of `entries`, ordered: those needing attention first, then by handle.
    public init(_ entries: [BriefEntry]) {
        athletes = entries.sorted {
            ($0.needsAttention ? 0 : 1, $0.handle) < ($1.needsAttention ? 0 : 1, $1.handle)
        }
    }

    /// The athletes with at least one flag.
    public var needingAttention: [BriefEntry] { athletes.filter(\.needsAttention) }
    /// The athletes without a check-in on their day.
    public var notCheckedIn: [BriefEntry] { athletes.filter { !$0.checkedIn } }
    /// Every session planned for the athletes' day, with its athlete's handle.
    public var todaysSessions: [(handle: String, session: BriefSession)] {
        athletes.flatMap { a in a.today.map { (a.handle, $0) } }
    }

    enum CodingKeys: String, CodingKey {
        case format, athletes
        case needsAttention = "needs_attention"
        case notCheckedIn = "not_checked_in"
        case sessionsToday = "sessions_today"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        athletes = try c.decode([BriefEntry].self, forKey: .athletes)
    }

    /// The athletes, and the handles of those needing attention and not checked in, with the
    /// number of sessions planned today, under a format tag.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.formatTag, forKey: .format)
        try c.encode(needingAttention.map(\.handle), forKey: .needsAttention)
        try c.encode(notCheckedIn.map(\.handle), forKey: .notCheckedIn)
        try c.encode(todaysSessions.count, forKey: .sessionsToday)
        try c.encode(athletes, forKey: .athletes)
    }
}
