import CoachApp
import CoachKit
import CoachMetrics
import CoachTestSupport
import CoachViews
import Foundation
import Testing

/// Issue 30, item 5 in process: the brief of the roster and of one athlete equals what each
/// athlete's own evaluation gives, agrees with `team`, and lists only held athletes.
@Suite struct BriefUseCaseTests {
    static let now = MetricsUseCaseTests.now
    static let today = MetricsUseCaseTests.today
    static let nowDate = MetricsUseCaseTests.nowDate

    @Test("the team brief has one entry per held athlete, each equal to its evaluation's entry")
    func teamBriefEqualsEvaluation() throws {
        let (s, data) = try MetricsUseCaseTests.scene()
        let session = try s.session()
        let brief = try session.teamBrief(date: nil)
        #expect(Set(brief.athletes.map(\.handle)) == ["bert", "gen-a", "gen-b", "jane"])
        let team = try session.team(date: nil)
        for d in data {
            let entry = try #require(brief.athletes.first { $0.handle == d.athlete.handle })
            let direct = try BriefEntry(
                MetricEvaluation(d), at: ViewMoment(day: Self.today, now: Self.nowDate))
            #expect(entry.flags == direct.flags && entry.reasons == direct.reasons)
            #expect(entry.bodyBattery == direct.bodyBattery && entry.zone == direct.zone)
            #expect(entry.today == direct.today && entry.missedYesterday == direct.missedYesterday)
            #expect(entry.checkedIn == direct.checkedIn && entry.restAdvised == direct.restAdvised)
            #expect((entry.suggestedLoad == nil) == (direct.suggestedLoad == nil))
            let row = try #require(team.rows.first { $0.handle == d.athlete.handle })
            #expect(row.flags == entry.flags && row.readiness == entry.bodyBattery)
        }
        // Attention first, then by handle; the lists name the same athletes as the entries.
        let order = brief.athletes.map { ($0.needsAttention ? 0 : 1, $0.handle) }
        #expect(order.map(\.1) == order.sorted { $0 < $1 }.map(\.1))
        #expect(brief.needingAttention.allSatisfy { !$0.flags.isEmpty })
        #expect(brief.notCheckedIn.contains { $0.handle == "bert" })
        // The coach holds jane only.
        let carl = try s.session(as: "carl").teamBrief(date: nil)
        #expect(carl.athletes.map(\.handle) == ["jane"])
    }

    @Test("one athlete's brief equals that athlete's entry in the team brief")
    func oneAthlete() throws {
        let (s, _) = try MetricsUseCaseTests.scene()
        let session = try s.session()
        let team = try session.teamBrief(date: "2026-11-20")
        let one = try session.brief(Handle("gen-a"), date: "2026-11-20")
        #expect(one.athletes.count == 1)
        #expect(one.athletes.first == team.athletes.first { $0.handle == "gen-a" })
        #expect(one.athletes.first?.day == LocalDay("2026-11-20"))
    }

    @Test(
        "flags read as plain words",
        arguments: [
            (["possible_illness"], "possibly ill: HRV low and resting HR high"),
            (["severe_soreness"], "very sore: quads 8/10"),
            (["sore_group_planned"], "a session is planned on a sore muscle group"),
            (["unusual_spo2", "unusual_wrist_temp"], "unusual SpO2, wrist temperature"),
            (["load_spike"], "training load rising fast (acute:chronic above 1.5)"),
            (["missed_session"], "missed a planned session"),
            (["my_plugin_flag"], "my plugin flag"),
        ])
    func wording(flags: [String], phrase: String) throws {
        let words = BriefReason.phrases(flags, missed: [], soreness: ("quads", 8))
        #expect(words == [phrase], "\(words)")
    }
}
