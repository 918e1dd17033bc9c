import CoachKit
import CoachMetrics
import CoachViews
import Foundation
import ReadinessPlugin
import Testing

/// Issue 29, item 3: while `possible_illness` stands, readiness's band, suggested load and text
/// say rest whatever the body battery reads, and a narrow team table keeps the flag.
@Suite struct IllnessOutranksZoneTests {
    let provider = ReadinessMetric()

    /// HRV 60 and resting HR 50 for 39 days, then HRV 57 and resting HR 53 on the day: both z
    /// ±0.6745 · 3 / 1 = ±2.02 (MAD floor 1) ⇒ `possible_illness`, adjustment 0.3 · −10 = −3.
    static let ill = ReadinessTests.physiology(
        hrv: { $0 == 0 ? 57 : 60 }, rhr: { $0 == 0 ? 53 : 50 })
    static let well = ReadinessTests.physiology(hrv: { _ in 60 }, rhr: { _ in 50 })

    @Test(
        "illness outranks the zone: band Rest and a 0–0 rest day, whatever form and CTL say",
        arguments: [
            // (TSB, CTL, ill, score = round(clamp((TSB + 30)/60·100 − 3·ill)), band, low, high)
            (30.0, 50.0, true, 97, "Rest", 0.0 as Double?, 0.0 as Double?),  // not Race/Peak
            (0.0, 50.0, true, 47, "Rest", 0.0, 0.0),  // not Tempo/Sweetspot
            (-30.0, 50.0, true, 0, "Rest", 0.0, 0.0),
            (6.0, 5.0, true, 57, "Rest", 0.0, 0.0),  // CTL < 10: still a rest day
            (30.0, 50.0, false, 100, "Race/Peak", 70.0, 90.0),  // 1.4·50 – 1.8·50
            (0.0, 50.0, false, 50, "Tempo/Sweetspot", 40.0, 55.0),  // 0.8·50 – 1.1·50
            (6.0, 5.0, false, 60, "Threshold/VO2max", nil, nil),  // CTL < 10: no range
        ])
    func table(
        tsb: Double, ctl: Double, ill: Bool, score: Int, band: String, low: Double?, high: Double?
    ) {
        let r = provider.evaluate(
            ReadinessTests.input(tsb: tsb, ctl: ctl, biometrics: ill ? Self.ill : Self.well))
        #expect(r.score == score)
        #expect(r.band?.name == band)
        #expect(r.flags.contains("possible_illness") == ill)
        #expect(low == nil ? r.values["tss_low"] == .null : Fx.close(r.number("tss_low"), low))
        #expect(
            high == nil ? r.values["tss_high"] == .null : Fx.close(r.number("tss_high"), high))
        if ill {
            #expect(r.band == ReadinessZone.rest)
            #expect(r.explanation.contains("take a rest day, no training load"))
            #expect(!r.explanation.contains("Suggested load"))
        }
    }

    @Test(
        "the team row puts the urgent flags first, so a cut flags cell keeps them",
        arguments: [
            (
                ["unusual_spo2", "missed_session", "possible_illness", "unusual_hr_recovery"],
                ["possible_illness", "missed_session", "unusual_hr_recovery", "unusual_spo2"]
            ),
            (
                ["stale_check_in", "load_spike", "severe_soreness", "sustained_overreaching"],
                ["sustained_overreaching", "severe_soreness", "stale_check_in", "load_spike"]
            ),
            (["b", "a", "a"], ["a", "b"]),
        ])
    func order(flags: [String], expected: [String]) {
        #expect(TeamRow.ordered(Set(flags)) == expected)
    }
}

/// Issue 29, item 5: a check-in older than two days (or none) is a flag on the team view.
@Suite struct StaleCheckInTests {
    @Test(
        "stale_check_in when the last check-in is more than 2 days before the day, or never",
        arguments: [
            // (days before the day shown with a check-in, flagged)
            ([0], false), ([1], false), ([2], false), ([3], true), ([9, 3], true), ([], true),
            ([5, 2], false),
        ])
    func stale(checkIns: [Int], flagged: Bool) throws {
        let day = Fx.day("2026-03-20")
        var profile = AthleteProfile(handle: "a", name: "A", timeZone: "UTC")
        profile.birthDate = nil
        var data = AthleteDataset(athlete: profile)
        data.wellness = checkIns.map {
            WellnessEntry(id: "w\($0)", day: day.adding(days: -$0), mood: 3)
        }
        let row = try TeamRow(MetricEvaluation(data), at: ViewMoment(day: day, now: nil))
        #expect(row.flags.contains("stale_check_in") == flagged)
        #expect(row.lastCheckIn == checkIns.min().map { day.adding(days: -$0) })
    }
}
