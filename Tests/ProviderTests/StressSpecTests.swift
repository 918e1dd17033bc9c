import CoachKit
import Foundation
import StressPlugin
import Testing

/// Issue 12, items 3–6: stress read as METRICS.md §3 specifies (daily HRV from the main sleep
/// block, the day's HRV kind, each day's own age, heart rate across midnight, same-instant order).
@Suite struct StressSpecTests {
    let provider = StressMetric()
    static let d = Fx.day("2026-04-15")
    static let athlete = AthleteContext(ageYears: 40, thresholds: Thresholds(maxHrBpm: 190))

    static func sample(_ id: String, _ type: BiometricSample.Kind, _ value: Double, _ t: Instant)
        -> BiometricSample
    {
        BiometricSample(id: id, time: t, type: type, value: value)
    }

    static func at(_ day: LocalDay, _ seconds: Int) -> Instant {
        Instant(
            epochSeconds: day.instant(
                secondsSinceMidnight: seconds, in: TimeZone(identifier: "UTC")!
            )
            .timeIntervalSince1970, offsetSeconds: 0)
    }

    /// 30 nights before `d`: asleep 23:00–06:00 (when `sleep`), RMSSD 60 at 03:00, a spot check at
    /// 15:00 and a pre-midnight reading at 22:30; resting HR 50. Today: RMSSD 60 at 03:00 and 15:00
    /// with heart rate 50 beside the 15:00 reading.
    static func nights(sleep: Bool, spot: Double, late: Double) -> MetricInput {
        Fx.input(d, athlete: athlete) { i in
            for ago in 0...30 {
                let day = d.adding(days: -ago)
                if sleep {
                    i.sleep.append(
                        SleepRecord(
                            id: "s\(ago)", start: at(day.adding(days: -1), 23 * 3600),
                            end: at(day, 6 * 3600), stage: .core))
                }
                i.biometrics.append(sample("n\(ago)", .hrv_rmssd, 60, at(day, 3 * 3600)))
                i.biometrics.append(sample("r\(ago)", .resting_hr, 50, at(day, 7 * 3600)))
                if ago == 0 { continue }
                i.biometrics.append(sample("p\(ago)", .hrv_rmssd, spot, at(day, 15 * 3600)))
                i.biometrics.append(sample("l\(ago)", .hrv_rmssd, late, at(day, 22 * 3600 + 1800)))
            }
            i.biometrics.append(sample("today", .hrv_rmssd, 60, at(d, 15 * 3600)))
            i.biometrics.append(sample("hr", .heart_rate, 50, at(d, 15 * 3600 + 60)))
        }
    }

    @Test(
        "item 3: the baseline is the main-sleep median; spot checks and pre-midnight readings do not move it",
        arguments: [
            // (sleep block, spot, late, baseline, stress): with sleep 60 ⇒ 0 (at baseline);
            // without, the calendar-day upper median of {60, spot, late}. Issue 29: 60 above a
            // baseline of 30 adds nothing (0); 60 under 90 is z = 0.6745·ln(2/3)/0.05 = −5.47,
            // a full HRV part (70).
            (true, 20.0, 30.0, 60.0, 0.0), (true, 100.0, 90.0, 60.0, 0.0),
            (false, 20.0, 30.0, 30.0, 0.0), (false, 100.0, 90.0, 90.0, 70.0),
        ])
    func sleepBaseline(sleep: Bool, spot: Double, late: Double, baseline: Double, stress: Double) {
        let r = provider.evaluate(Self.nights(sleep: sleep, spot: spot, late: late))
        #expect(r.status == .ok)
        #expect(Fx.close(r.number("hrv_baseline"), baseline))
        #expect(abs((r.number("stress") ?? -1) - stress) < 1e-5)
    }

    @Test(
        "item 4: one stray SDNN spot check on a day of three RMSSD readings is read as RMSSD (35.0)",
        arguments: [1, 2])
    func strayKind(sdnn: Int) {
        var input = Self.nights(sleep: true, spot: 60, late: 60)
        for k in 0..<sdnn {
            input.biometrics.append(
                Self.sample("x\(k)", .hrv_sdnn, 95, Self.at(Self.d, 16 * 3600 + 60 * k)))
        }
        let r = provider.evaluate(input)
        #expect(r.status == .ok)
        #expect(r.number("hrv") == 60)
        #expect(Fx.close(r.number("stress"), 0))
        #expect(r.components.first?.note.contains("RMSSD") == true)
    }

    @Test("item 4: an athlete who records SDNN most is measured in SDNN")
    func sdnnAthlete() {
        let r = provider.evaluate(
            Fx.input(Self.d, athlete: Self.athlete) { i in
                for ago in 0...20 {
                    let day = Self.d.adding(days: -ago)
                    i.biometrics.append(
                        Self.sample("s\(ago)", .hrv_sdnn, 80, Self.at(day, 8 * 3600)))
                    i.biometrics.append(
                        Self.sample("r\(ago)", .resting_hr, 50, Self.at(day, 7 * 3600)))
                }
                i.biometrics.append(Self.sample("rm", .hrv_rmssd, 20, Self.at(Self.d, 9 * 3600)))
            })
        // The RMSSD reading at 09:00 is later but not the athlete's kind: SDNN 80 vs 80 ⇒ 0.
        #expect(r.number("hrv") == 80)
        #expect(Fx.close(r.number("stress"), 0))
    }

    @Test(
        "item 5: the age of a past day comes from the birthday",
        arguments: [
            ("1986-04-12", "2026-04-15", 3 as Int?, 39), ("1986-04-15", "2026-04-15", 0, 39),
            ("1986-01-01", "2026-04-15", nil, 40), ("2000-02-29", "2026-03-05", 4, 25),
        ])
    func birthday(birth: String, day: String, daysAgo: Int?, ageTenDaysBefore: Int) {
        var profile = AthleteProfile(handle: "a", name: "A", timeZone: "UTC")
        profile.birthDate = LocalDay(birth)
        let c = AthleteContext(profile: profile, day: Fx.day(day))
        #expect(c.birthdayDaysAgo == daysAgo)
        #expect(c.ageYears(daysBefore: 10) == ageTenDaysBefore)
    }

    @Test(
        "item 5: heart rate after midnight counts for a 23:58 reading: HR (50 + 56)/2 ⇒ trend 6.141/7"
    )
    func acrossMidnight() {
        let y = Self.d.adding(days: -1)
        let r = provider.evaluate(
            Fx.input(Self.d, athlete: Self.athlete) { i in
                for ago in 0..<50 {
                    let day = Self.d.adding(days: -ago)
                    i.biometrics.append(
                        Self.sample("h\(ago)", .hrv_rmssd, 60, Self.at(day, 8 * 3600)))
                    i.biometrics.append(
                        Self.sample("r\(ago)", .resting_hr, 50, Self.at(day, 7 * 3600)))
                }
                i.biometrics.append(Self.sample("late", .hrv_rmssd, 60, Self.at(y, 86_280)))
                i.biometrics.append(Self.sample("hr1", .heart_rate, 50, Self.at(y, 86_220)))
                i.biometrics.append(Self.sample("hr2", .heart_rate, 56, Self.at(Self.d, 120)))
            })
        // Yesterday: HR 53 vs resting 50 (MAD floor 2): z = 1.01175 ⇒ part 0.2047 ⇒ 6.141; the
        // other 13 days 0 ⇒ trend 6.141/7. Without the sample after midnight it would be 0.
        #expect(Fx.close(r.number("trend_delta"), 30 * (0.6745 * 1.5 - 0.5) / 2.5 / 7))
        #expect(Fx.close(r.number("stress"), 0))
    }

    @Test(
        "item 6: samples at one instant are ordered by record id, whatever the input order",
        arguments: [false, true])
    func sameInstant(reversed: Bool) {
        var input = Self.nights(sleep: true, spot: 60, late: 60)
        var pair = [
            Self.sample("b-2", .hrv_rmssd, 120, Self.at(Self.d, 20 * 3600)),
            Self.sample("a-1", .hrv_rmssd, 30, Self.at(Self.d, 20 * 3600)),
        ]
        if reversed { pair.reverse() }
        input.biometrics += pair
        let r = provider.evaluate(input)
        #expect(r.number("hrv") == 120)
    }

    @Test(
        "item 6: confidence is null when the day is insufficient",
        arguments: [
            // (baseline days, resting HR today, expected status)
            (6, true, false), (30, false, false), (30, true, true),
        ])
    func confidenceNull(days: Int, rest: Bool, ok: Bool) {
        let r = provider.evaluate(
            Fx.input(Self.d, athlete: Self.athlete) { i in
                for ago in 1...days {
                    i.biometrics.append(
                        Self.sample(
                            "h\(ago)", .hrv_rmssd, 60, Self.at(Self.d.adding(days: -ago), 8 * 3600))
                    )
                    i.biometrics.append(
                        Self.sample(
                            "r\(ago)", .resting_hr, 50, Self.at(Self.d.adding(days: -ago), 7 * 3600)
                        ))
                }
                i.biometrics.append(Self.sample("t", .hrv_rmssd, 60, Self.at(Self.d, 8 * 3600)))
                if rest {
                    i.biometrics.append(
                        Self.sample("tr", .resting_hr, 50, Self.at(Self.d, 7 * 3600)))
                }
            })
        #expect((r.status == .ok) == ok)
        #expect((r.values["confidence"] == .null) == !ok)
    }
}
