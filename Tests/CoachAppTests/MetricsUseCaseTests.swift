import CoachApp
import CoachKit
import CoachMetrics
import CoachStore
import CoachTestSupport
import CoachViews
import Foundation
import Testing

/// `metrics`, `dashboard`, `team` and `trend` in process, on generated histories: what the
/// session returns equals what the providers compute directly from the same dataset.
@Suite struct MetricsUseCaseTests {
    static let now = TestEnvironment.defaultNow
    static let today = LocalDay("2026-11-24")!
    static let nowDate = Instant(now)!.date

    /// jane and bert (no data) plus two generated athletes, `gen-a` and `gen-b`.
    static func scene() throws -> (WorkspaceSandbox, [AthleteDataset]) {
        let s = try WorkspaceSandbox(now: now)
        var g = HistoryGenerator(seed: 24)
        let first = LocalDay("2026-07-01")!
        let data = [
            g.dataset(handle: "gen-a", from: first, days: 146),
            g.dataset(handle: "gen-b", from: first, days: 120),
        ]
        for d in data { try s.add(d) }
        return (s, data)
    }

    @Test("metrics of today and of a past day equal the providers' evaluation of the dataset")
    func metricsEqualProviders() throws {
        let (s, data) = try Self.scene()
        let session = try s.session()
        for d in data {
            let handle = Handle(d.athlete.handle)
            let direct = MetricEvaluation(d)
            let (view, results) = try session.metrics(handle, date: nil)
            #expect(view.moment == ViewMoment(day: Self.today, now: Self.nowDate))
            let expected = try direct.results(day: Self.today, now: Self.nowDate)
            #expect(results.map(\.id) == expected.map(\.id))
            for (a, b) in zip(expected, results) {
                CarriedViewPropertyTests.expectSame(a, b, "\(handle) today \(a.id)")
            }
            let past = LocalDay("2026-11-10")!
            let (pastView, pastResults) = try session.metrics(
                handle, date: "2026-11-10", providers: ["readiness", "training-load"])
            #expect(pastView.moment == ViewMoment(day: past, now: nil))
            let pastExpected = try direct.results(
                day: past, now: nil, ids: ["readiness", "training-load"])
            #expect(pastResults.map(\.id) == ["readiness", "training-load"])
            for (a, b) in zip(pastExpected, pastResults) {
                CarriedViewPropertyTests.expectSame(a, b, "\(handle) \(past) \(a.id)")
            }
        }
    }

    @Test("The dashboard carries every built-in result and the readiness week of the providers")
    func dashboardEqualsProviders() throws {
        let (s, data) = try Self.scene()
        let session = try s.session()
        for d in data {
            let board = try session.dashboard(Handle(d.athlete.handle), date: nil)
            let direct = try Dashboard(
                MetricEvaluation(d), at: ViewMoment(day: Self.today, now: Self.nowDate))
            #expect(
                board.metrics.map(\.id) == [
                    "readiness", "training-load", "stress", "nutrition", "adherence",
                    "self-assessment", "exertion", "activity",
                ])
            #expect(board.handle == direct.handle && board.name == direct.name)
            #expect(board.day == Self.today)
            #expect(board.readinessWeek == direct.readinessWeek)
            #expect(
                board.readinessWeek.map(\.day) == (0..<7).map { Self.today.adding(days: $0 - 6) })
            for (a, b) in zip(direct.metrics, board.metrics) {
                CarriedViewPropertyTests.expectSame(a, b, "\(d.athlete.handle) dashboard \(a.id)")
            }
        }
    }

    @Test("The team has one row per athlete the user holds, each equal to the providers' row")
    func teamEqualsProviders() throws {
        let (s, data) = try Self.scene()
        let team = try s.session().team(date: nil)
        #expect(team.rows.map(\.handle) == ["bert", "gen-a", "gen-b", "jane"])
        for d in data {
            let row = try #require(team.rows.first { $0.handle == d.athlete.handle })
            let direct = try TeamRow(
                MetricEvaluation(d), at: ViewMoment(day: Self.today, now: Self.nowDate))
            #expect(row.day == direct.day && row.readiness == direct.readiness)
            #expect(row.zone == direct.zone && row.stress == direct.stress)
            #expect(row.stressBand == direct.stressBand && row.flags == direct.flags)
            #expect(row.selfAssessment == direct.selfAssessment && row.mood == direct.mood)
            #expect(row.lastCheckIn == direct.lastCheckIn)
            #expect((row.form == nil) == (direct.form == nil))
            if let a = row.form, let b = direct.form { #expect(abs(a - b) <= 1e-9) }
        }
        // The coach holds jane only, and sees only her.
        #expect(try s.session(as: "carl").team(date: nil).rows.map(\.handle) == ["jane"])
    }

    @Test("Views refuse a future day and an athlete nobody holds with typed failures")
    func refusals() throws {
        let (s, _) = try Self.scene()
        let session = try s.session()
        let future = #expect(
            throws: CoachKitError.outOfRange(field: .parameter(.date), range: "today or earlier")
        ) { try session.dashboard(Handle("gen-a"), date: "2026-11-25") }
        #expect(future?.category == .invalidData)
        #expect(throws: StoreError.athleteNotFound("nobody")) {
            try session.metrics(Handle("nobody"), date: nil)
        }
        let coach = try s.session(as: "carl")
        let hidden = #expect(throws: StoreError.self) {
            try coach.dashboard(Handle("gen-a"), date: nil)
        }
        #expect(hidden?.category == .notFound)
    }
}
