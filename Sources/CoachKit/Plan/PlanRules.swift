import Foundation

/// The rules every planned session and program week must keep.
///
/// Checked by the commands before writing and by plan imports for every row, so a stored plan
/// always satisfies them.
public enum PlanRules {
    /// Accepted explicit adherence, in percent.
    public static let adherence: ClosedRange<Double> = 0...100
    /// Accepted planned TSS.
    public static let tss: ClosedRange<Double> = 0...1000
    /// Accepted planned duration, in seconds (up to 24 hours).
    public static let durationS: ClosedRange<Double> = 1...86_400
    /// The longest title, in characters.
    public static let titleLength = 200

    /// Checks one session's values.
    ///
    /// - Throws: `CoachKitError.outOfRange` naming the field and its valid range.
    public static func validate(_ s: PlannedSession) throws {
        let title = s.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, title.count <= titleLength else {
            throw CoachKitError.outOfRange(field: "title", range: "1–\(titleLength) characters")
        }
        if let a = s.adherencePct, !(a.isFinite && adherence.contains(a)) {
            throw CoachKitError.outOfRange(field: "adherence", range: "0–100 %")
        }
        if let t = s.plannedTss, !(t.isFinite && tss.contains(t)) {
            throw CoachKitError.outOfRange(field: "planned TSS", range: "0–1000")
        }
        if let d = s.plannedDurationS, !(d.isFinite && durationS.contains(d)) {
            throw CoachKitError.outOfRange(field: "planned duration", range: "1 s to 24 h")
        }
        if s.order < 0 || s.order > 99 {
            throw CoachKitError.outOfRange(field: "order", range: "0–99")
        }
        if let time = s.time, secondsSinceMidnight(time) == nil {
            throw CoachKitError.outOfRange(field: "time", range: "00:00–23:59 (HH:MM)")
        }
    }

    /// Checks a week: every session valid and dated inside Monday–Sunday of the week.
    ///
    /// - Throws: `CoachKitError.outOfRange` naming the session and the week's days.
    public static func validate(_ w: ProgramWeek) throws {
        guard w.start.isoWeekday == 1 else {
            throw CoachKitError.outOfRange(field: "week start \(w.start)", range: "a Monday")
        }
        for s in w.sessions {
            try validate(s, inWeekOf: w.start)
            try validate(s)
        }
    }

    /// Checks that a session's date lies in the week that starts on `monday`.
    ///
    /// - Throws: `CoachKitError.outOfRange` naming the date and the week's first and last day.
    public static func validate(_ s: PlannedSession, inWeekOf monday: LocalDay) throws {
        guard s.date.monday == monday else {
            throw CoachKitError.outOfRange(
                field: "session date \(s.date)",
                range: "\(monday) to \(monday.adding(days: 6)), the week of \(monday)")
        }
    }

    /// Seconds since midnight of `HH:MM`, or `nil` when the text is not a wall-clock time.
    public static func secondsSinceMidnight(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
            let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m)
        else { return nil }
        return h * 3600 + m * 60
    }
}
