import CoachKit
import Foundation
import StressPlugin
import Testing

/// Issue 29, item 1: stress reads the athlete's own day-to-day range as calm, a real drop in HRV
/// (or rise in heart rate) as stress, and reaches all four bands.
@Suite struct StressNormalisationTests {
    let provider = StressMetric()
    static let d = Fx.day("2026-04-15")

    /// 30 days before `d` whose daily HRV is 60·e^−0.1, 60 and 60·e^0.1 (ten each) and whose resting
    /// HR is 48, 50 and 52 (ten each): ln median ln 60, MAD 0.1; resting median 50, MAD 2. Today:
    /// one HRV reading at 06:30 and the morning's resting HR, no heart-rate samples.
    static func input(hrv: Double, rest: Double) -> MetricInput {
        Fx.input(d, athlete: AthleteContext()) { i in
            for ago in 1...30 {
                let day = d.adding(days: -ago)
                let step = Double(ago % 3 - 1)
                i.biometrics.append(
                    Fx.sample(.hrv_rmssd, 60 * exp(0.1 * step), Fx.at(day, hour: 6.5)))
                i.biometrics.append(Fx.sample(.resting_hr, 50 + 2 * step, Fx.at(day, hour: 6.4)))
            }
            i.biometrics.append(Fx.sample(.hrv_rmssd, hrv, Fx.at(d, hour: 6.5)))
            i.biometrics.append(Fx.sample(.resting_hr, rest, Fx.at(d, hour: 6.4)))
        }
    }

    @Test(
        "hand-computed readings against the athlete's own range",
        arguments: [
            // (HRV, HR, hrvZ = 0.6745·ln(HRV/60)/0.1, hrZ = 0.6745·(HR − 50)/2, stress, band)
            // part(z) = clamp((z − 0.5)/2.5, 0, 1); stress = 70·part(−hrvZ) + 30·part(hrZ).
            (60.0, 50.0, 0.0, 0.0, 0.0, "relaxed"),  // the athlete's own baseline: calm
            (57.0, 51.0, -0.345973, 0.33725, 0.0, "relaxed"),  // inside half a z: noise
            (72.0, 48.0, 1.229759, -0.6745, 0.0, "relaxed"),  // above baseline never adds
            (50.0, 50.0, -1.229759, 0.0, 20.433249, "relaxed"),  // 70·0.729759/2.5
            (45.0, 50.0, -1.940416, 0.0, 40.331636, "mild"),  // 70·1.440416/2.5
            (40.0, 50.0, -2.734862, 0.0, 62.576140, "moderate"),  // 70·2.234862/2.5
            (40.0, 56.0, -2.734862, 2.0235, 80.858140, "high"),  // + 30·1.5235/2.5
            (31.2, 59.0, -4.410734, 3.03525, 100.0, "high"),  // HRV −48 %, RHR +9: both full
        ])
    func table(hrv: Double, hr: Double, hrvZ: Double, hrZ: Double, stress: Double, band: String) {
        let r = provider.evaluate(Self.input(hrv: hrv, rest: hr))
        #expect(r.status == .ok)
        #expect(abs((r.number("hrv_z") ?? 99) - hrvZ) < 1e-6)
        #expect(abs((r.number("hr_z") ?? 99) - hrZ) < 1e-6)
        #expect(abs((r.number("stress") ?? -1) - stress) < 1e-5)
        #expect(r.band?.name == band)
        #expect(r.number("hrv_baseline") == 60)
        #expect(r.number("rhr_baseline") == 50)
    }

    @Test(
        "each part runs from half a z (the smallest worthwhile change) to 3 z",
        arguments: [
            // (hrvZ, hrZ, stress): 70·clamp((−hrvZ − 0.5)/2.5) + 30·clamp((hrZ − 0.5)/2.5)
            (0.0, 0.0, 0.0), (-0.5, 0.5, 0.0), (-1.75, 0.0, 35.0), (-3.0, 0.0, 70.0),
            (-3.0, 1.75, 85.0), (-3.0, 3.0, 100.0), (-9.0, 9.0, 100.0), (2.0, -2.0, 0.0),
            (-1.0, 1.0, 20.0),
        ])
    func formula(hrvZ: Double, hrZ: Double, stress: Double) {
        #expect(Fx.close(StressReading.stress(hrvZ: hrvZ, hrZ: hrZ).stress, stress))
    }

    @Test("with a flat baseline the floors hold: a 5 % HRV dip stays relaxed, a 30 % drop does not")
    func floors() {
        // Baseline 60 every day (MAD 0 → floor 0.05); 57: z = 0.6745·ln 0.95/0.05 = −0.691947
        // ⇒ 70·0.191947/2.5 = 5.3745; 42: z = −4.81 ⇒ full ⇒ 70.
        let flat = { (hrv: Double) in
            Fx.input(Self.d, athlete: AthleteContext()) { i in
                for ago in 1...30 {
                    let day = Self.d.adding(days: -ago)
                    i.biometrics.append(Fx.sample(.hrv_rmssd, 60, Fx.at(day, hour: 6.5)))
                    i.biometrics.append(Fx.sample(.resting_hr, 50, Fx.at(day, hour: 6.4)))
                }
                i.biometrics.append(Fx.sample(.hrv_rmssd, hrv, Fx.at(Self.d, hour: 6.5)))
                i.biometrics.append(Fx.sample(.resting_hr, 50, Fx.at(Self.d, hour: 6.4)))
            }
        }
        #expect(abs((provider.evaluate(flat(57)).number("stress") ?? -1) - 5.374503) < 1e-5)
        #expect(provider.evaluate(flat(42)).number("stress") == 70)
    }
}
