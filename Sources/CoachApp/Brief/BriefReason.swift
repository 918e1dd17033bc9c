import CoachKit
import CoachViews
import Foundation

/// Why an athlete needs attention, in plain words: one phrase per flag (the `unusual_…`
/// readings folded into one), with the facts behind it where the brief has them. Front ends
/// show these phrases as they are.
public enum BriefReason {
    /// Plain words for `flags`, in a fixed order: missed sessions, illness, soreness, the rest.
    ///
    /// - Parameters:
    ///   - flags: the athlete's flags of the day.
    ///   - missed: the planned sessions of the last seven days that were not done.
    ///   - soreness: the sorest group of the last check-in.
    /// - Returns: one phrase per flag, unknown flags (a plugin's) as their words.
    public static func phrases(
        _ flags: [String], missed: [BriefSession], soreness: (group: String, level: Int)?
    ) -> [String] {
        var out: [String] = []
        var rest = flags
        func take(_ flag: String) -> Bool {
            guard let i = rest.firstIndex(of: flag) else { return false }
            rest.remove(at: i)
            return true
        }
        if take("missed_session") {
            let named = missed.map { "\($0.title) (\($0.date.weekdayName) \($0.date))" }
            out.append(
                named.isEmpty
                    ? "missed a planned session" : "missed " + named.joined(separator: ", "))
        }
        if take("possible_illness") { out.append(known["possible_illness"]!) }
        if take("severe_soreness") {
            out.append(
                soreness.map { "very sore: \(words($0.group)) \($0.level)/10" } ?? "very sore")
        }
        if take("sore_group_planned") { out.append(known["sore_group_planned"]!) }
        let unusual = rest.filter { $0.hasPrefix("unusual_") }
        rest.removeAll { $0.hasPrefix("unusual_") }
        if !unusual.isEmpty {
            let what = unusual.map { reading(String($0.dropFirst("unusual_".count))) }
            out.append("unusual " + what.joined(separator: ", "))
        }
        for flag in rest { out.append(known[flag] ?? words(flag)) }
        return out
    }

    /// The other built-in flags (`FlagWording.known`).
    static var known: [String: String] { FlagWording.known }

    /// A biometric reading's name in words.
    static func reading(_ type: String) -> String { FlagWording.reading(type) }

    /// An identifier's words: underscores and dashes as spaces.
    static func words(_ identifier: String) -> String { FlagWording.words(identifier) }
}
