import CoachKit
import CoachMetrics
import Foundation
import Testing

/// Evaluating a day from a carried state plus the window after it equals evaluating it over the
/// whole history, for every built-in provider, to 1e-9 (issue 18).
@Suite struct CarriedStateTests {
    static let roster = SyntheticRoster.athletes(days: 200)

    /// The records of `d` whose local day is `from` or later (sleep by its start, plan by date).
    static func window(_ d: AthleteDataset, from: LocalDay) -> AthleteDataset {
        let zone = d.athlete.zone
        var w = d
        w.workouts = d.workouts.filter { $0.start.day(in: zone) >= from }
        w.wellness = d.wellness.filter { $0.day >= from }
        w.biometrics = d.biometrics.filter { $0.time.day(in: zone) >= from }
        w.sleep = d.sleep.filter { $0.start.day(in: zone) >= from }
        w.food = d.food.filter { $0.time.day(in: zone) >= from }
        w.steps = d.steps.filter { $0.day >= from }
        w.weight = d.weight.filter { $0.time.day(in: zone) >= from }
        w.weeks = d.weeks.compactMap { week in
            var week = week
            week.sessions = week.sessions.filter { $0.date >= from }
            return week.sessions.isEmpty ? nil : week
        }
        return w
    }

    /// Compares two results number by number (1e-9), and their texts, flags and bands exactly;
    /// the training-load series of a window start after the state, so they are not compared.
    static func expectSame(_ a: MetricResult, _ b: MetricResult, _ context: String) {
        #expect(a.status == b.status, "\(context) status")
        #expect(a.score == b.score, "\(context) score")
        #expect(a.band == b.band, "\(context) band")
        #expect(a.flags == b.flags, "\(context) flags")
        #expect(a.explanation == b.explanation, "\(context) explanation")
        #expect(a.reason == b.reason, "\(context) reason")
        #expect(Set(a.values.keys) == Set(b.values.keys), "\(context) value names")
        for (k, v) in a.values {
            let w = b.values[k] ?? .null
            if let x = v.number, let y = w.number {
                #expect(abs(x - y) <= 1e-9, "\(context) \(k): \(x) vs \(y)")
            } else {
                #expect(v == w, "\(context) \(k): \(v) vs \(w)")
            }
        }
        #expect(a.components.count == b.components.count, "\(context) components")
        for (x, y) in zip(a.components, b.components) {
            #expect(x.name == y.name && x.note == y.note, "\(context) component \(x.name)")
            if let p = x.value, let q = y.value {
                #expect(abs(p - q) <= 1e-9, "\(context) \(x.name)")
            }
            #expect((x.value == nil) == (y.value == nil), "\(context) component \(x.name)")
        }
        if a.id != "training-load" { #expect(a.series == b.series, "\(context) series") }
    }

    @Test(
        "a day evaluated from a state carried as of an earlier day and the window after it equals the whole-history evaluation, for every provider"
    )
    func windowEqualsWholeHistory() throws {
        var g = SplitMix64(seed: 18)
        var compared = 0
        for d in Self.roster {
            let index = IndexedDataset(d)
            let first = d.workouts.map { $0.start.day(in: d.athlete.zone) }.min()!
            for _ in 0..<12 {
                let asOf = first.adding(days: Int.random(in: -10...170, using: &g))
                let day = asOf.adding(days: Int.random(in: 8...40, using: &g))
                let state = try MetricEvaluation.carry(index, through: asOf)
                let start = MetricEvaluation.windowStart(asOf: asOf, firstDay: day)
                let windowed = MetricEvaluation(
                    Self.window(d, from: start), carried: state)
                guard windowed.isExact(on: day) else { continue }
                let whole = try MetricEvaluation(d).results(day: day, now: nil)
                let part = try windowed.results(day: day, now: nil)
                for (a, b) in zip(whole, part) {
                    Self.expectSame(a, b, "\(d.athlete.handle) \(day) from \(asOf) \(a.id)")
                }
                compared += 1
            }
        }
        #expect(compared >= 30)
    }

    @Test("a state carried forward over a window equals the state carried over the whole history")
    func carryingForwardEqualsCarryingFromScratch() throws {
        var g = SplitMix64(seed: 1818)
        for d in Self.roster {
            let index = IndexedDataset(d)
            let first = d.workouts.map { $0.start.day(in: d.athlete.zone) }.min()!
            for _ in 0..<8 {
                let s1 = first.adding(days: Int.random(in: -5...120, using: &g))
                let s2 = s1.adding(days: Int.random(in: 1...60, using: &g))
                let old = try MetricEvaluation.carry(index, through: s1)
                let start = MetricEvaluation.windowStart(asOf: s1, firstDay: s2)
                let forward = try MetricEvaluation.carry(
                    IndexedDataset(Self.window(d, from: start)), through: s2, from: old)
                let scratch = try MetricEvaluation.carry(index, through: s2)
                #expect(forward == scratch, "\(d.athlete.handle) \(s1) -> \(s2)")
            }
        }
    }

    @Test("an evaluation refuses a day its carried state is too recent for")
    func refusesUncoveredDay() throws {
        let d = Self.roster[0]
        let asOf = LocalDay("2026-04-01")!
        let state = try MetricEvaluation.carry(IndexedDataset(d), through: asOf)
        let e = MetricEvaluation(d, carried: state)
        #expect(!e.isExact(on: asOf.adding(days: 7)))
        #expect(throws: CarriedStateError.self) {
            try e.results(day: asOf.adding(days: 7), now: nil)
        }
    }
}
