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
        athlete: AthleteContext = athlete
    ) -> MetricInput {
        Fx.input(d, athlete: athlete) { i in
            for ago in 1...max(days, 1) where days > 0 {
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

    @Test("check: at baseline with HR at resting baseline, stress is 35.0")
    func atBaseline() {
        #expect(
            Fx.close(
                StressReading.stress(hrv: 60, hrvBaseline: 60, hr: 50, rhrBaseline: 50, maxHR: 190)
                    .stress, 35))
        let r = provider.evaluate(Self.input())
        #expect(Fx.close(r.number("stress"), 35))
        #expect(r.score == 35)
        #expect(r.band?.name == "mild")
    }

    @Test("check: HRV at half the baseline with HR at resting baseline gives 49.9")
    func halfHRV() {
        let s = StressReading.stress(hrv: 30, hrvBaseline: 60, hr: 50, rhrBaseline: 50, maxHR: 190)
            .stress
        #expect(abs(s - 49.9) < 0.05)
        #expect(Fx.close(s, 70 * (1 - 0.5 * pow(0.5, 0.8))))
        #expect(provider.evaluate(Self.input(todayHRV: 30)).score == 50)
    }

    @Test(
        "both parts clamp to [0, 1]",
        arguments: [
            // (hrv, hr, expected stress)
            (240.0, 50.0, 0.0), (60.0, 190.0, 65.0), (60.0, 250.0, 65.0), (60.0, 40.0, 35.0),
            (0.0, 190.0, 100.0),
        ])
    func clamping(hrv: Double, hr: Double, expected: Double) {
        #expect(
            Fx.close(
                StressReading.stress(hrv: hrv, hrvBaseline: 60, hr: hr, rhrBaseline: 50, maxHR: 190)
                    .stress, expected))
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
        #expect(Fx.close(r.number("stress"), 35 + 30 * 20 / 140))
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

    @Test("HRmax falls back to 220 - age; with neither, insufficient")
    func maxHeartRate() {
        let byAge = provider.evaluate(Self.input(hr: [104], athlete: AthleteContext(ageYears: 40)))
        #expect(Fx.close(byAge.number("stress"), 35 + 30 * 54 / 130))
        let neither = provider.evaluate(Self.input(athlete: AthleteContext()))
        #expect(neither.status == .insufficientData)
        #expect(neither.reason?.contains("maximum heart rate") == true)
    }

    @Test(
        "confidence grows with baseline days and heart-rate samples",
        arguments: [
            (30, 10, 1.0), (14, 10, 0.75), (30, 5, 0.75), (7, 0, 0.125),
        ])
    func confidence(days: Int, samples: Int, expected: Double) {
        let r = provider.evaluate(Self.input(days: days, hr: Array(repeating: 50, count: samples)))
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
        arguments: [(30.0, "rising"), (60.0, "stable"), (120.0, "falling")])
    func trend(recent: Double, word: String) {
        var input = Fx.input(Self.d, athlete: Self.athlete) { _ in }
        for ago in 0..<50 {
            let day = Self.d.adding(days: -ago)
            input.biometrics.append(
                Fx.sample(.hrv_rmssd, ago < 7 ? recent : 60, Fx.at(day, hour: 8)))
            input.biometrics.append(Fx.sample(.resting_hr, 50, Fx.at(day, hour: 7)))
        }
        let r = provider.evaluate(input)
        let delta = r.number("trend_delta")!
        #expect(r.components.first { $0.name == "trend" }?.note == word)
        #expect(word == "rising" ? delta > 5 : word == "falling" ? delta < -5 : abs(delta) <= 5)
    }
}
