import Foundation

/// An input that a caller gives an operation, named without any front end's spelling.
///
/// Errors name the input they are about with this value, so each front end can say it its own
/// way: a command line as an option, a tool server as an argument name. The raw value is a
/// stable snake_case identifier; `description` is a neutral noun for messages.
public enum Parameter: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    // Wellness entries.
    case mood, doms, notes
    /// The day an entry or a view is about.
    case date
    // Workouts.
    case sport, duration, rpe, tss, np
    case avgPower = "avg_power"
    case avgHr = "avg_hr"
    case maxHr = "max_hr"
    case distance, kcal, start, title
    // Biometric samples and sleep.
    case value, hrv
    case restHr = "rest_hr"
    case respRate = "resp_rate"
    case spo2
    case wristTemp = "wrist_temp"
    case hrr, sleep
    // Food.
    case protein, carbs, fat, meal, note, time
    // Steps and weight.
    case steps
    case activeKcal = "active_kcal"
    case weight
    case bodyFat = "body_fat"
    // Views.
    /// How many days a series covers.
    case days
    /// A metric series named by provider, value or alias.
    case metric
    // Sessions.
    /// How long an unlocked session lasts.
    case ttl
    // Plans.
    /// How long a planned session is meant to last.
    case plannedDuration = "planned_duration"

    /// A neutral noun for the input, e.g. "avg power" or "session length".
    public var description: String {
        switch self {
        case .ttl: "session length"
        default: rawValue.replacingOccurrences(of: "_", with: " ")
        }
    }
}
