import Foundation

/// A duration longer than its activity plausibly lasts, given without confirming it.
///
/// Invalid data: nothing is stored. The problem says how the text was read and, when the
/// other reading of its notation is plausible, what was probably meant (`45:00` read as 45h;
/// did you mean 45m?).
public struct ImplausibleDuration: LocalizedError, CoachFailure, Equatable {
    /// The text and how it was read.
    public let reading: DurationReading
    /// What the duration is of.
    public let activity: TimedActivity
    /// The input the text was given as.
    public let parameter: Parameter
    /// The plausible other reading, in seconds, when there is one.
    public let suggestion: Int?

    /// Creates the failure for `reading` of `activity`.
    public init(
        reading: DurationReading, activity: TimedActivity, parameter: Parameter, suggestion: Int?
    ) {
        self.reading = reading
        self.activity = activity
        self.parameter = parameter
        self.suggestion = suggestion
    }

    public var category: FailureCategory { .invalidData }

    /// How the text was read and why it is doubted, without the question of what was meant.
    public var reason: String {
        let read = DurationParser.format(reading.seconds)
        let how: String
        switch reading.notation {
        case .hoursMinutes: how = "\(reading.text) read as \(read) (h:mm),"
        case .hoursMinutesSeconds: how = "\(reading.text) read as \(read) (h:mm:ss),"
        case .bareMinutes: how = "\(reading.text) read as \(reading.text) minutes (\(read)),"
        case .units: how = "\(reading.text) is"
        }
        return "\(how) longer than \(activity) plausibly lasts (at most "
            + "\(DurationParser.format(activity.plausibleMaximum)))"
    }

    public var errorDescription: String? {
        "\(parameter) " + reason
            + (suggestion.map { ". Did you mean \(DurationParser.format($0))?" } ?? "")
    }
}
