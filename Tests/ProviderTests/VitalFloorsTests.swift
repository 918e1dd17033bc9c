import CoachKit
import Foundation
import ReadinessPlugin
import Testing

/// Issue 29, item 5: an `unusual_*` vital needs a change beyond the vital's own day-to-day noise,
/// not just beyond a MAD that a regular baseline made tiny.
@Suite struct VitalFloorsTests {
    static let d = Fx.day("2026-03-20")

    /// 20 days before `d` at `base` (alternating with `other` when given), then `today` on `d`.
    static func vitals(
        _ type: BiometricSample.Kind, base: Double, other: Double? = nil, today: Double
    ) -> VitalSigns.Reading? {
        var samples = (1...20).map { ago in
            Fx.sample(
                type, ago % 2 == 0 ? (other ?? base) : base,
                Fx.at(d.adding(days: -ago), hour: 6))
        }
        samples.append(Fx.sample(type, today, Fx.at(d, hour: 6)))
        let zone = TimeZone(identifier: "UTC")!
        return VitalSigns(biometrics: samples, zone: zone, day: d).readings.first
    }

    @Test(
        "hand-computed: z = 0.6745 · Δ / max(MAD, 0.6745 · noise); unusual at |z| ≥ 2",
        arguments: [
            // (type, baseline, alternate, today, z, unusual): with a flat baseline z = Δ / noise.
            // The 3 bpm change the issue saw flagged:
            (BiometricSample.Kind.hr_recovery, 30.0, nil as Double?, 27.0, -0.6, false),
            (.hr_recovery, 30, nil, 24, -1.2, false),  // 6 bpm: noise
            (.hr_recovery, 30, nil, 19, -2.2, true),  // 11 bpm
            (.hr_recovery, 30, 20, 10, -0.6745 * 20 / 10, false),  // MAD 10 is above the floor
            (.respiratory_rate, 14, nil, 15.5, 1.5, false),  // was z 2.02 on the 0.5 floor
            (.respiratory_rate, 14, nil, 17, 3, true),
            (.spo2, 97, nil, 95.5, -1.5, false),  // was z −2.02 on the 0.5 floor
            (.spo2, 97, nil, 94, -3, true),
            (.wrist_temp, 36.5, nil, 36.8, 1.5, false),  // was z 2.02 on the 0.1 floor
            (.wrist_temp, 36.5, nil, 37.0, 2.5, true),
        ])
    func table(
        type: BiometricSample.Kind, base: Double, other: Double?, today: Double, z: Double,
        unusual: Bool
    ) {
        let r = Self.vitals(type, base: base, other: other, today: today)
        #expect(abs((r?.z ?? 99) - z) < 1e-9)
        #expect(r?.unusual == unusual)
    }

    @Test(
        "the floor is 0.6745 × the noise, never below the statistical floor",
        arguments: [
            (BiometricSample.Kind.hr_recovery, 5.0), (.respiratory_rate, 1), (.spo2, 1),
            (.wrist_temp, 0.2),
        ])
    func floors(type: BiometricSample.Kind, noise: Double) {
        #expect(VitalSigns.noise(of: type) == noise)
        #expect(VitalSigns.madFloor(of: type) == max(type.madFloor, 0.6745 * noise))
    }
}
