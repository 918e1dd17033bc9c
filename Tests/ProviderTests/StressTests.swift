import CoachKit
import Foundation
import StressPlugin
import Testing

@Suite struct StressTests {
    let provider = StressMetric()
    static let d = Fx.day("2026-04-15")
    static let athlete = AthleteContext(ageYears: 40, thresholds: Thresholds(maxHrBpm: 190))

    /// `days` days before `d` with HRV 60 and resting HR 50, plus today's readings.
    static func input(
        days: Int = 30, todayHRV: Double? = 60, hr: [Double] = [50], rest: Double? = 50,
        athlete: AthleteContext = athlete, skip: Set<Int> = []
    ) -> MetricInput {
        Fx.input(d, athlete: athlete) { i in
            for ago in 1...max(days, 1) where days > 0 && !skip.contains(ago) {
                let day = d.adding(days: -ago)
                i.biometrics.append(Fx.sample(.hrv_rmssd, 60, Fx.at(day, hour: 8)))
                i.biometrics.append(Fx.sample(.resting_hr, 50, Fx.at(day, hour: 7)))
            }
            if let v = todayHRV {
                i.biometrics.append(Fx.sample(.hrv_rmssd, v, Fx.at(d, hour: 14)))
            }
            let t = Fx.at(d, hour: 14).epochSeconds
            for (k, v) in hr.enumerated() {
                i.biometrics.append(
                    Fx.sample(
                        .heart_rate, v, Instant(epochSeconds: t + Double(10 * k), offsetSeconds: 0))
                )
            }
            if let r = rest { i.biometrics.append(Fx.sample(.resting_hr, r, Fx.at(d, hour: 7))) }
        }
    }

    @Test("issue 29: at the athlete's own baseline HRV and resting HR, stress is 0 (relaxed)")
    func atBaseline() {
        #expect(StressReading.stress(hrvZ: 0, hrZ: 0).stress == 0)
        let r = provider.evaluate(Self.input())
        #expect(r.number("stress") == 0)
        #expect(r.score == 0)
        #expect(r.band?.name == "relaxed")
    }

    @Test("issue 29: HRV at half a flat baseline fills the HRV part: 70 (moderate)")
    func halfHRV() {
        // z = 0.6745 · ln 0.5 / 0.05 (the floor) = −9.35 ⇒ part 1 ⇒ 70.
        let r = provider.evaluate(Self.input(todayHRV: 30))
        #expect(r.number("stress") == 70)
        #expect(abs((r.number("hrv_z") ?? 0) - 0.6745 * log(0.5) / 0.05) < 1e-9)
        #expect(r.band?.name == "moderate")
    }

    @Test(
        "categories come from the rounded score",
        arguments: [
            (0, "relaxed"), (24, "relaxed"), (25, "mild"), (49, "mild"), (50, "moderate"),
            (74, "moderate"), (75, "high"), (100, "high"),
        ])
    func categories(score: Int, name: String) {
        #expect(StressMetric.descriptor.band(for: score)?.name == name)
    }

    @Test("HR is the mean of heart-rate samples within 5 minutes, bounds included")
    func heartRateWindow() {
        var input = Self.input(hr: [])
        let t = Fx.at(Self.d, hour: 14)
        input.biometrics += [
            Fx.sample(
                .heart_rate, 60, Instant(epochSeconds: t.epochSeconds - 300, offsetSeconds: 0)),
            Fx.sample(
                .heart_rate, 80, Instant(epochSeconds: t.epochSeconds + 300, offsetSeconds: 0)),
            Fx.sample(
                .heart_rate, 150, Instant(epochSeconds: t.epochSeconds + 301, offsetSeconds: 0)),
        ]
        let r = provider.evaluate(input)
        #expect(r.number("hr") == 70)
        // HR 70 vs resting 50 (MAD floor 2): z = 6.745 ⇒ the HR part is full ⇒ 30.
        #expect(Fx.close(r.number("hr_z"), 0.6745 * 20 / 2))
        #expect(Fx.close(r.number("stress"), 30))
    }

    @Test("without heart-rate samples the day's resting HR is used; without either, insufficient")
    func heartRateFallback() {
        let r = provider.evaluate(Self.input(hr: [], rest: 57))
        #expect(r.number("hr") == 57)
        let none = provider.evaluate(Self.input(hr: [], rest: nil))
        #expect(none.status == .insufficientData)
        #expect(none.reason?.contains("no heart rate within 5 minutes") == true)
        #expect(none.number("hrv") == 60)
    }

    @Test("the HRV baseline needs 7 days in the 30 before", arguments: [(6, false), (7, true)])
    func baselineDays(days: Int, ok: Bool) {
        let r = provider.evaluate(Self.input(days: days))
        #expect((r.status == .ok) == ok)
        if !ok { #expect(r.reason?.contains("6 of the 7 days") == true) }
    }

    @Test("no HRV today is insufficient data")
    func noHRVToday() {
        let r = provider.evaluate(Self.input(todayHRV: nil))
        #expect(r.status == .insufficientData)
        #expect(r.score == nil)
        #expect(r.reason == "no HRV measurement on 2026-04-15")
    }

    @Test("issue 29: stress needs neither HRmax nor age: HR 104 vs resting 50 fills the HR part")
    func noMaxHeartRate() {
        let r = provider.evaluate(Self.input(hr: [104], athlete: AthleteContext()))
        #expect(r.status == .ok)
        #expect(Fx.close(r.number("stress"), 30))
    }

    /// (baseline days, HR samples, days 1…6 without HRV, expected confidence):
    /// (min(1, days/28) + (samples > 0 ? min(1, samples/3) : 0.5) + measured/7) / 3.
    static let confidenceCases: [(Int, Int, [Int], Double)] = [
        (30, 3, [], 1.0), (30, 10, [], 1.0), (30, 1, [], 7.0 / 9),
        (30, 0, [], 2.5 / 3), (14, 0, [], 2.0 / 3), (7, 0, [], 1.75 / 3),
        (30, 3, [1, 2, 3], (27.0 / 28 + 1 + 4.0 / 7) / 3),
        (30, 0, [1, 2, 3, 4, 5, 6], (24.0 / 28 + 0.5 + 1.0 / 7) / 3),
    ]

    @Test(
        "issue 29: confidence = mean of baseline share, heart-rate timing and the week's HRV days",
        arguments: confidenceCases)
    func confidence(days: Int, samples: Int, skip: [Int], expected: Double) {
        let r = provider.evaluate(
            Self.input(
                days: days, hr: Array(repeating: 50, count: samples), skip: Set(skip)))
        #expect(Fx.close(r.number("confidence"), expected))
    }

    @Test("the day's latest HRV sample is the measurement")
    func latestSample() {
        var input = Self.input()
        input.biometrics.append(Fx.sample(.hrv_rmssd, 30, Fx.at(Self.d, hour: 9)))
        input.biometrics.append(Fx.sample(.hrv_rmssd, 120, Fx.at(Self.d, hour: 20)))
        let r = provider.evaluate(input)
        #expect(r.number("hrv") == 120)
        #expect(r.number("hr") == 50)  // no HR samples near 20:00: resting HR of the day
    }

    @Test(
        "the trend compares the last 7 days with the 7 before",
        arguments: [(30.0, 60.0, "rising"), (60.0, 60.0, "stable"), (60.0, 30.0, "falling")])
    func trend(recent: Double, before: Double, word: String) {
        // Issue 29: the athlete's own baseline reads 0, so "falling" needs a stressed week before
        // (HRV 30 on days 7–13 ago) followed by a week back at 60.
        var input = Fx.input(Self.d, athlete: Self.athlete) { _ in }
        for ago in 0..<50 {
            let day = Self.d.adding(days: -ago)
            input.biometrics.append(
                Fx.sample(
                    .hrv_rmssd, ago < 7 ? recent : ago < 14 ? before : 60, Fx.at(day, hour: 8)))
            input.biometrics.append(Fx.sample(.resting_hr, 50, Fx.at(day, hour: 7)))
        }
        let r = provider.evaluate(input)
        let delta = r.number("trend_delta")!
        #expect(r.components.first { $0.name == "trend" }?.note == word)
        #expect(word == "rising" ? delta > 5 : word == "falling" ? delta < -5 : abs(delta) <= 5)
    }
}
