import CoachKit
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
        if take("possible_illness") { out.append("possibly ill: HRV low and resting HR high") }
        if take("severe_soreness") {
            out.append(
                soreness.map { "very sore: \(words($0.group)) \($0.level)/10" } ?? "very sore")
        }
        if take("sore_group_planned") { out.append("a session is planned on a sore muscle group") }
        let unusual = rest.filter { $0.hasPrefix("unusual_") }
        rest.removeAll { $0.hasPrefix("unusual_") }
        if !unusual.isEmpty {
            let what = unusual.map { reading(String($0.dropFirst("unusual_".count))) }
            out.append("unusual " + what.joined(separator: ", "))
        }
        for flag in rest { out.append(known[flag] ?? words(flag)) }
        return out
    }

    /// The other built-in flags.
    static let known: [String: String] = [
        "load_spike": "training load rising fast (acute:chronic above 1.5)",
        "detraining": "fitness falling (detraining)",
        "low_energy_availability": "eating too little for the training",
        "target_floor": "calorie target held at its safe minimum",
    ]

    /// A biometric reading's name in words.
    static func reading(_ type: String) -> String {
        switch type {
        case "hr_recovery": "heart-rate recovery"
        case "respiratory_rate": "breathing rate"
        case "spo2": "SpO2"
        case "wrist_temp": "wrist temperature"
        case "resting_hr": "resting heart rate"
        case "heart_rate": "heart rate"
        case "hrv_rmssd", "hrv_sdnn": "HRV"
        default: words(type)
        }
    }

    /// An identifier's words: underscores and dashes as spaces.
    static func words(_ identifier: String) -> String {
        identifier.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
    }
}
