import Foundation

/// A flag in plain words: what a coach reads instead of the flag's identifier.
///
/// Shared by the morning brief and the team page, so a flag is worded the same wherever it is
/// shown. Flags this type does not know (a plugin's) read as their identifier's words.
public enum FlagWording {
    /// The built-in flags whose words need no facts from the athlete's row.
    public static let known: [String: String] = [
        "missed_session": "missed a planned session",
        "possible_illness": "possibly ill: HRV low and resting HR high",
        "sustained_overreaching": "overreaching: form deeply negative for days on end",
        "sore_group_planned": "a session is planned on a sore muscle group",
        "load_spike": "training load rising fast (acute:chronic above 1.5)",
        "detraining": "fitness falling (detraining)",
        "low_energy_availability": "eating too little for the training",
        "target_floor": "calorie target held at its safe minimum",
    ]

    /// Whether `flag` is one a coach must see first (`TeamRow.urgentFlags`).
    public static func isUrgent(_ flag: String) -> Bool { TeamRow.urgentFlags.contains(flag) }

    /// One flag of `row` in plain words, with the row's facts where they help.
    ///
    /// - Parameters:
    ///   - flag: one of `row.flags`.
    ///   - row: the athlete's row, for the sorest group and the last check-in.
    /// - Returns: a short phrase, e.g. "very sore: quads 8/10".
    public static func phrase(_ flag: String, in row: TeamRow) -> String {
        switch flag {
        case "severe_soreness":
            return row.worstSoreness.map { "very sore: \(words($0.group)) \($0.level)/10" }
                ?? "very sore"
        case "stale_check_in":
            return row.lastCheckIn.map { "no check-in since \($0)" } ?? "never checked in"
        default:
            if let known = known[flag] { return known }
            if flag.hasPrefix("unusual_") {
                return "unusual " + reading(String(flag.dropFirst("unusual_".count)))
            }
            return words(flag)
        }
    }

    /// A biometric reading's name in words (`hrv_rmssd` is "HRV").
    ///
    /// - Parameter type: the reading's identifier.
    /// - Returns: its name as a coach says it.
    public static func reading(_ type: String) -> String {
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
    ///
    /// - Parameter identifier: e.g. `sleep_debt`.
    /// - Returns: e.g. "sleep debt".
    public static func words(_ identifier: String) -> String {
        identifier.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
    }
}
