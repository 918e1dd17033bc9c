import Foundation

extension TeamRow {
    /// The flags a coach must see first, most urgent first; every other flag follows by name.
    ///
    /// A narrow table cuts the end of the flags cell, so the order decides what survives: a
    /// possible illness is never the part that is cut.
    public static let urgentFlags = [
        "possible_illness", "sustained_overreaching", "severe_soreness", "stale_check_in",
    ]

    /// `flags` without repeats, the urgent ones first in `urgentFlags` order, then by name.
    ///
    /// - Parameter flags: the day's flags from every provider and the view.
    /// - Returns: the flags in the order rows show them.
    public static func ordered(_ flags: Set<String>) -> [String] {
        urgentFlags.filter(flags.contains) + flags.subtracting(urgentFlags).sorted()
    }
}
