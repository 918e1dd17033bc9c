import CoachApp
import CoachCrypto
import CoachKit
import CoachMetrics
import CoachStore
import CoachTestSupport
import Foundation
import Testing

/// The must-show property of issue 18: over generated histories (several athletes, random
/// back-dated writes, edits, removals, threshold and step-goal changes and re-imports in random
/// order), after every step the views' numbers — read from the carried state and the window
/// after it — equal a full replay of the history to 1e-9.
@Suite struct CarriedViewPropertyTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let firstDay = LocalDay("2026-03-01")!

    @Test(
        "After every random write the windowed views equal a full replay to 1e-9, across months")
    func randomHistories() throws {
        let dir = try TempFolder(prefix: "coach-carried")
        defer { withExtendedLifetime(dir) {} }
        var pass = Array("owner passphrase for carried views".utf8)
        let ws = try Workspace.create(
            at: dir.file("ws.sqlite"), owner: "olivia", passphrase: try SecretKey(consuming: &pass),
            preset: .interactive, clock: FixedClock(Date(timeIntervalSince1970: 1_790_000_000)),
            random: SystemRandom(), ids: .randomUUIDs)
        var pass2 = Array("owner passphrase for carried views".utf8)
        let owner = try ws.authenticate(
            handle: "olivia", passphrase: try SecretKey(consuming: &pass2))
        var g = HistoryGenerator(seed: 18)
        var athletes: [AthleteID] = []
        for i in 0..<3 {
            let data = g.dataset(handle: "p\(i)", from: Self.firstDay, days: 150)
            _ = try ws.importDataset(data, handle: Handle("p\(i)"), create: true, as: owner)
            athletes.append(try ws.resolveAthlete(Handle("p\(i)"), as: owner))
        }
        var stats = Stats()
        // Time passes: each step looks at a later day, so states are carried forward over
        // month ends as well as rebuilt after invalidations.
        for step in 0..<70 {
            let today = Self.firstDay.adding(days: 150 + step)
            let id = athletes[g.int(0, athletes.count - 1)]
            try g.mutate(ws, athlete: id, owner: owner, today: today)
            for a in athletes {
                try Self.check(ws, a, owner: owner, day: today, &stats)
            }
        }
        #expect(stats.windowed > 150, "windowed checks: \(stats.windowed)")
        #expect(g.counts.values.allSatisfy { $0 > 3 }, "operations: \(g.counts)")
    }

    struct Stats { var windowed = 0, whole = 0 }

    /// Compares the windowed view of `day` (and the six days before it, as the dashboard reads)
    /// with the whole-history evaluation.
    static func check(
        _ ws: Workspace, _ id: AthleteID, owner: Principal, day: LocalDay, _ stats: inout Stats
    ) throws {
        let access = try ws.openAthlete(id: id, as: owner)
        let plan = CarryPlan.providers(.builtins)
        let window = try ws.window(of: access, from: day.adding(days: -6), plan: plan)
        let full = MetricEvaluation(try ws.dataset(of: access))
        let part = MetricEvaluation(window.dataset, carried: window.carried)
        guard window.carried != nil, part.isExact(on: day.adding(days: -6)),
            part.isExact(on: day)
        else {
            stats.whole += 1
            return
        }
        stats.windowed += 1
        let now = day.instant(secondsSinceMidnight: 15 * 3600, in: zone)
        for (a, b) in zip(
            try full.results(day: day, now: now), try part.results(day: day, now: now))
        {
            expectSame(a, b, "\(access.profile.handle) \(day) \(a.id)")
        }
        for back in 1...6 {
            let d = day.adding(days: -back)
            let a = try full.result("readiness", day: d, now: nil)
            let b = try part.result("readiness", day: d, now: nil)
            expectSame(a, b, "\(access.profile.handle) \(d) readiness")
        }
    }

    static func expectSame(_ a: MetricResult, _ b: MetricResult, _ context: String) {
        #expect(a.status == b.status && a.score == b.score && a.band == b.band, "\(context)")
        #expect(a.flags == b.flags && a.explanation == b.explanation, "\(context)")
        #expect(Set(a.values.keys) == Set(b.values.keys), "\(context) value names")
        for (k, v) in a.values {
            let w = b.values[k] ?? .null
            if let x = v.number, let y = w.number {
                #expect(abs(x - y) <= 1e-9, "\(context) \(k): \(x) vs \(y)")
            } else {
                #expect(v == w, "\(context) \(k): \(v) vs \(w)")
            }
        }
    }
}
