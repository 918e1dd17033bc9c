import CoachCrypto
import CoachKit
import CoachPrompt
import Foundation

/// The opaque references an export carries and a reply must echo.
///
/// Both are truncated BLAKE2b hashes: the athlete's from their id (so it stays the same across
/// exports and names no one), the export's from the athlete reference, the day and the options
/// (so the same state and options give the same reference, and the bytes stay identical).
public enum PromptReference {
    /// The athlete's reference, `ath_` and 20 hex digits.
    public static func athlete(_ id: AthleteID) -> String {
        "ath_" + hex(Array(("coach/1/prompt/athlete\u{0}" + id.rawValue).utf8))
    }

    /// The reference of an export made on `day` with `options`, `exp_` and 20 hex digits.
    public static func export(athleteRef: String, day: LocalDay, options: PromptOptions) -> String {
        let parts = [
            "coach/1/prompt/export", athleteRef, day.description, options.format.rawValue,
            "\(options.days)", options.redact ? "redacted" : "full",
            options.maxTokens.map(String.init) ?? "",
            options.orderedSections.map { "\($0.rawValue)" }.joined(separator: ","),
            options.question ?? "",
        ]
        return "exp_" + hex(Array(parts.joined(separator: "\u{0}").utf8))
    }

    static func hex(_ bytes: [UInt8]) -> String {
        Hashing.blake2b(bytes, length: 10).map { String(format: "%02x", $0) }.joined()
    }
}
