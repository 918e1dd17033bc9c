import CoachApp
import CoachKit
import Foundation
import Testing

/// Issue 30, item 8: a session that loads a muscle group rated 6 or more on a check-in of its
/// day or the two days before (up to today) warns; lower ratings, older or later check-ins and
/// other groups do not.
@Suite struct SoreMuscleWarningTests {
    static let session: PlannedSession = {
        var s = PlannedSession(id: "s1", date: LocalDay("2026-11-26")!, title: "Squats")
        s.targets = [.quads, .glutes]
        return s
    }()

    /// (quads level, check-in day, today, expected level of the quads warning or nil).
    static let cases: [(Int, String, String, Int?)] = [
        (6, "2026-11-26", "2026-11-26", 6),  // the day itself, the threshold
        (5, "2026-11-26", "2026-11-26", nil),  // below the threshold
        (8, "2026-11-24", "2026-11-25", 8),  // two days before: inside 48 h
        (8, "2026-11-23", "2026-11-25", nil),  // three days before: outside
        (9, "2026-11-25", "2026-11-24", nil),  // a check-in after today is not counted
        (7, "2026-11-27", "2026-11-27", nil),  // after the session's day
    ]

    @Test("the 48-hour window and the threshold of 6", arguments: cases.indices)
    func window(index: Int) {
        let (level, day, today, expected) = Self.cases[index]
        let wellness = [
            WellnessEntry(id: "w", day: LocalDay(day)!, doms: [.quads: level, .hamstrings: 9])
        ]
        let warnings = SoreMuscleWarning.check(
            Self.session, wellness: wellness, today: LocalDay(today)!)
        #expect(warnings.map(\.group) == (expected == nil ? [] : [.quads]), "\(Self.cases[index])")
        #expect(warnings.first?.level == expected)
        #expect(warnings.allSatisfy { $0.ratedOn == LocalDay(day)! && $0.title == "Squats" })
    }

    @Test("the highest rating in the window is named, once per group")
    func worst() {
        let wellness = [
            WellnessEntry(id: "a", day: LocalDay("2026-11-24")!, doms: [.quads: 7]),
            WellnessEntry(id: "b", day: LocalDay("2026-11-25")!, doms: [.quads: 9, .glutes: 6]),
            WellnessEntry(id: "c", day: LocalDay("2026-11-26")!, doms: [.quads: 6]),
        ]
        let warnings = SoreMuscleWarning.check(
            Self.session, wellness: wellness, today: LocalDay("2026-11-26")!)
        #expect(warnings.map(\.group) == [.glutes, .quads])
        #expect(warnings.map(\.level) == [6, 9])
        #expect(warnings.last?.ratedOn == LocalDay("2026-11-25")!)
    }
}
