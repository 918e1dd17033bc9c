import CoachKit
import Foundation
import Testing

@Suite struct SessionRulesTests {
    static let monday = LocalDay("2026-11-23")!

    static func session(_ day: String = "2026-11-24") -> PlannedSession {
        PlannedSession(id: "s1", date: LocalDay(day)!, title: "Threshold 3x12")
    }

    @Test(
        "Explicit adherence outside 0–100 is refused with the range",
        arguments: [130.0, -5, 100.5, .nan, .infinity])
    func adherenceRange(value: Double) {
        var p = SessionPatch()
        p.adherencePct = value
        #expect(throws: CoachKitError.outOfRange(field: "adherence", range: "0–100 %")) {
            try p.applied(to: Self.session())
        }
    }

    @Test("Adherence 0, 50 and 100 are accepted", arguments: [0.0, 50, 100])
    func adherenceAccepted(value: Double) throws {
        var p = SessionPatch()
        p.adherencePct = value
        #expect(try p.applied(to: Self.session()).adherencePct == value)
    }

    @Test(
        "A session dated outside its week is refused, naming the week's days",
        arguments: ["2026-11-22", "2026-11-30", "2027-01-01"])
    func outsideWeek(day: String) {
        #expect(
            throws: CoachKitError.outOfRange(
                field: "session date \(day)",
                range: "2026-11-23 to 2026-11-29, the week of 2026-11-23")
        ) {
            try PlanRules.validate(Self.session(day), inWeekOf: Self.monday)
        }
    }

    @Test("Only adherence changes count as adherence-only patches")
    func adherenceOnly() {
        var p = SessionPatch()
        #expect(!p.onlyAdherence)
        p.adherencePct = 80
        #expect(p.onlyAdherence)
        p.title = "Renamed"
        #expect(!p.onlyAdherence)
        var c = SessionPatch()
        c.clearAdherence = true
        #expect(c.onlyAdherence)
    }

    @Test(
        "Bad titles, times, TSS and durations are refused",
        arguments: [
            { (s: inout PlannedSession) in s.title = "  " }, { s in s.time = "25:00" },
            { s in s.time = "7" },
            { s in s.plannedTss = -1 }, { s in s.plannedDurationS = 0 }, { s in s.order = 100 },
        ] as [@Sendable (inout PlannedSession) -> Void])
    func badValues(change: @Sendable (inout PlannedSession) -> Void) {
        var s = Self.session()
        change(&s)
        #expect(throws: CoachKitError.self) { try PlanRules.validate(s) }
    }
}
