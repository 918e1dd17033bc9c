import Foundation

/// What can go wrong when reading user input into coach's domain values.
///
/// Messages name the input and the accepted form, and never echo health values back.
public enum CoachKitError: LocalizedError, Equatable, Sendable {
    /// A day was not `today`, `yesterday`, `-Nd` or `YYYY-MM-DD`.
    case invalidDay(String)
    /// A duration was not `90m`, `1h30m`, `45s` or `1:30:00`.
    case invalidDuration(String)
    /// A quantity lacked a number or used a unit that does not fit.
    case invalidQuantity(String, expected: String)
    /// A pace was not `M:SS/km`, `M:SS/mi` or `M:SS/100m`.
    case invalidPace(String)
    /// A value outside the range coach accepts (a physiological range, a day no later than
    /// today, a number of days).
    case outOfRange(field: Field, range: String)
    /// A name that is not one of the accepted values.
    case unknownName(field: Field, value: String, valid: [String])
    /// An instant that is not ISO 8601 with an offset.
    case invalidInstant(String)
    /// One row or entry of a file that cannot be read; the location names the line or row.
    case invalidRow(location: String, reason: String)
    /// An input given for an entry it does not apply to (a usage error); `valid` lists the
    /// inputs the entry takes.
    case optionNotApplicable(option: Parameter, entry: String, valid: [Parameter])
    /// An edit that names no field to change (a usage error); `valid` lists the inputs the
    /// entry takes.
    case nothingToChange(entry: String, valid: [Parameter])
    /// A nutrition goal whose parts point different ways (e.g. "lose" with a weight gain per week).
    case goalConflict(String)
    /// An id prefix that starts more than one id (a usage error); `candidates` lists them.
    case ambiguousID(prefix: String, candidates: [String])

    /// Whether the error is about how a command was called rather than about the data.
    public var isUsage: Bool {
        switch self {
        case .optionNotApplicable, .nothingToChange, .goalConflict, .ambiguousID: true
        default: false
        }
    }

    public var errorDescription: String? {
        switch self {
        case .invalidDay(let text):
            return "'\(text)' is not a day; use today, yesterday, -3d, YYYY-MM-DD, mon or last-fri"
        case .invalidDuration(let text):
            return "'\(text)' is not a duration; use e.g. 90m, 1h30m, 45s or 1:30:00"
        case .invalidQuantity(let text, let expected):
            return "'\(text)' is not a valid quantity; use \(expected)"
        case .invalidPace(let text):
            return "'\(text)' is not a pace; use e.g. 4:30/km, 7:15/mi or 1:45/100m"
        case .outOfRange(let field, let range):
            return "\(field) is out of range; the valid range is \(range)"
        case .unknownName(let field, let value, let valid):
            return "unknown \(field) '\(value)'; valid: \(valid.joined(separator: ", "))"
        case .invalidInstant(let text):
            return
                "'\(text)' is not a time; use YYYY-MM-DD HH:MM or ISO 8601 like 2026-11-24T07:00:00+01:00"
        case .invalidRow(let location, let reason):
            return "\(location): \(reason); nothing was imported"
        case .optionNotApplicable(let option, let entry, let valid):
            return "\(option) does not apply to \(entry); it takes \(Self.list(valid))"
        case .nothingToChange(let entry, let valid):
            return "nothing to change; give at least one field of \(entry): \(Self.list(valid))"
        case .goalConflict(let reason):
            return reason
        case .ambiguousID(let prefix, let candidates):
            return "'\(prefix)' starts several ids (\(candidates.joined(separator: ", "))); "
                + "give more characters"
        }
    }

    private static func list(_ parameters: [Parameter]) -> String {
        parameters.map(\.description).joined(separator: ", ")
    }
}

extension CoachKitError: CoachFailure {
    /// Usage for a request that contradicts itself, invalid data for a value none can hold.
    public var category: FailureCategory { isUsage ? .usage : .invalidData }
}
