import Foundation

/// A duration as it was typed, how it was read, and the other reading a slip of notation
/// suggests; checked against how long an activity plausibly lasts.
///
/// Clock notation is hours (`45:00` is 45 hours, as training tools write `h:mm`), and a bare
/// number is minutes; a runner who types `45:00` for 45 minutes, or `2700` for 2,700 seconds,
/// gets a 45-hour run. A reading longer than its activity plausibly lasts is refused unless
/// it is confirmed, and the refusal says how the text was read and what was probably meant.
public struct DurationReading: Sendable, Equatable {
    /// How the text was written.
    public enum Notation: Sendable, Equatable {
        /// `h:mm`, which the other common use of two fields reads as `m:ss`.
        case hoursMinutes
        /// `h:mm:ss`.
        case hoursMinutesSeconds
        /// A bare number, read as minutes.
        case bareMinutes
        /// Numbers with units: `1h30m`, `45s`.
        case units
    }

    /// The text as typed.
    public let text: String
    /// The duration it was read as, in whole seconds.
    public let seconds: Int
    /// How it was written.
    public let notation: Notation

    /// Reads `text` as `DurationParser` does.
    ///
    /// - Throws: `CoachKitError.invalidDuration` for text that is no duration.
    public static func read(_ text: String) throws -> DurationReading {
        let seconds = try DurationParser.seconds(text)
        let compact = text.replacingOccurrences(of: " ", with: "")
        let notation: Notation
        switch compact.split(separator: ":", omittingEmptySubsequences: false).count {
        case 2: notation = .hoursMinutes
        case 3: notation = .hoursMinutesSeconds
        default: notation = Double(compact) == nil ? .units : .bareMinutes
        }
        return DurationReading(text: text, seconds: seconds, notation: notation)
    }

    /// The duration the text means under the other common reading of its notation: `m:ss`
    /// for `h:mm`, seconds for a bare number; nil for notations that have none.
    public var otherReading: Int? {
        let compact = text.replacingOccurrences(of: " ", with: "")
        switch notation {
        case .hoursMinutes:
            let fields = compact.split(separator: ":").compactMap { Int($0) }
            guard fields.count == 2 else { return nil }
            let seconds = fields[0] * 60 + fields[1]
            return seconds > 0 ? seconds : nil
        case .bareMinutes:
            guard let number = Double(compact) else { return nil }
            let seconds = Int(number.rounded())
            return seconds > 0 ? seconds : nil
        case .hoursMinutesSeconds, .units:
            return nil
        }
    }

    /// The seconds, once they are plausible for `activity` or `confirmed`.
    ///
    /// - Parameters:
    ///   - activity: what the duration is of.
    ///   - parameter: the input the text was given as, for the message.
    ///   - confirmed: whether the user has said the long duration is meant.
    /// - Returns: the duration in seconds.
    /// - Throws: `ImplausibleDuration` when the reading is longer than the activity plausibly
    ///   lasts (but not beyond what its record may hold) and was not confirmed.
    public func seconds(for activity: TimedActivity, as parameter: Parameter, confirmed: Bool)
        throws -> Int
    {
        guard seconds > activity.plausibleMaximum, !confirmed else { return seconds }
        // Beyond what a record may hold at all, the record's own range check answers.
        if let hard = activity.hardMaximum, seconds > hard { return seconds }
        let meant = otherReading.flatMap { $0 <= activity.plausibleMaximum ? $0 : nil }
        throw ImplausibleDuration(
            reading: self, activity: activity, parameter: parameter, suggestion: meant)
    }
}
