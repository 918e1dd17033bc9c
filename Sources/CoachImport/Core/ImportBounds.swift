import CoachKit
import Foundation

/// The limits every imported value must keep, checked where a value is read.
///
/// A device file is hostile input: a number such as `1e300` or a 60-digit value, a date three
/// centuries away or a workout that lasts for years would otherwise reach integer conversions,
/// date arithmetic and allocations sized by time. Importers refuse such a value with an
/// `ImportError` naming the file, the place and the field, before anything is handed over.
public enum ImportBounds {
    /// The largest magnitude any imported number may have.
    public static let largest = 1e9
    /// The longest activity, sleep or record span accepted, in seconds (one week).
    public static let longestSpan: Double = 7 * 86_400
    /// The earliest instant accepted: 1900-01-01T00:00:00Z, in Unix seconds.
    public static let earliest: Double = -2_208_988_800
    /// The first instant no longer accepted: 2200-01-01T00:00:00Z, in Unix seconds.
    public static let latest: Double = 7_258_118_400

    /// Whether `v` is a finite number within ±`largest`.
    public static func accepts(_ v: Double) -> Bool { v.isFinite && abs(v) <= largest }

    /// Whether `seconds` (Unix) lies in the years 1900–2199.
    public static func accepts(epochSeconds seconds: Double) -> Bool {
        seconds.isFinite && seconds >= earliest && seconds < latest
    }

    /// Whether a span of `seconds` is neither negative nor longer than `longestSpan`.
    public static func accepts(span seconds: Double) -> Bool {
        seconds.isFinite && seconds >= 0 && seconds <= longestSpan
    }

    /// `text` shortened for an error message (a hostile value can be very long).
    static func quoted(_ text: String) -> String {
        let clean = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
        return "'" + (clean.count > 24 ? clean.prefix(24) + "…" : clean) + "'"
    }

    /// The one-line message for a number out of range.
    static func numberMessage(_ field: String, _ text: String) -> String {
        "\(field) \(quoted(text)) is out of range (at most ±1e9, finite)"
    }

    /// The one-line message for a span out of range.
    static func spanMessage(_ what: String, seconds: Double) -> String {
        let days = seconds.isFinite ? String(format: "%.0f", (seconds / 86_400).rounded()) : "?"
        return seconds < 0
            ? "\(what) ends before it starts"
            : "\(what) lasts \(days) days (at most 7 are accepted)"
    }

    /// The one-line message for an instant out of range.
    static let dateMessage = "is outside the years 1900–2199"
}
