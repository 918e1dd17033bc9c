import Foundation

/// What a typed duration is of, and how long such a thing plausibly lasts.
///
/// The maxima are generous: a day-long ride or hike passes; a 30-hour run or a 45-hour
/// strength session does not without being confirmed. A longer event (an ultra, a brevet) is
/// stored once the user confirms it.
public enum TimedActivity: Sendable, Equatable, CustomStringConvertible {
    /// A logged workout of a sport.
    case workout(Sport)
    /// A planned session, of a sport when it names one.
    case plannedSession(Sport?)
    /// A night's sleep.
    case sleep

    /// The longest plausible duration, in seconds.
    public var plausibleMaximum: Int {
        switch self {
        case .workout(let sport), .plannedSession(let sport?): Self.maximumHours(sport) * 3600
        case .plannedSession(nil): Self.maximumHours(.other) * 3600
        case .sleep: 16 * 3600
        }
    }

    /// The longest duration a record of the activity may hold at all, in seconds, when its
    /// validation has one (a sleep block: 24 hours); beyond it the record's own range check
    /// refuses the value, and asking would not help.
    public var hardMaximum: Int? {
        switch self {
        case .sleep: 24 * 3600
        case .workout, .plannedSession: nil
        }
    }

    /// The longest plausible workout of `sport`, in hours.
    static func maximumHours(_ sport: Sport) -> Int {
        switch sport {
        case .cycling: 16
        case .running: 12
        case .swimming: 6
        case .strength: 4
        case .walking: 14
        case .other: 12
        }
    }

    /// The activity in words, e.g. "a running workout", "a planned session", "a night's sleep".
    public var description: String {
        switch self {
        case .workout(let sport): "a \(sport.rawValue) workout"
        case .plannedSession(let sport?): "a planned \(sport.rawValue) session"
        case .plannedSession(nil): "a planned session"
        case .sleep: "a night's sleep"
        }
    }
}
