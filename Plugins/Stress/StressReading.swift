import CoachKit
import Foundation

/// The stress of one day's latest HRV measurement against the athlete's own 30-day baseline.
///
/// hrvStress = clamp(1 − 0.5 · (HRV / HRV_base)^0.8, 0, 1), hrStress = clamp((HR − RHR_base) /
/// (HRmax − RHR_base), 0, 1), stress = 100 · (0.7 · hrvStress + 0.3 · hrStress). HR is the mean of
/// heart-rate samples within ±5 min of the HRV sample, else the day's last resting HR.
public struct StressReading: Sendable, Equatable {
    public var kind: BiometricSample.Kind
    public var time: Instant
    public var hrv: Double
    public var hrvBaseline: Double?
    public var baselineDays: Int
    public var hr: Double?
    public var hrSamples: Int
    public var rhrBaseline: Double?
    public var maxHR: Double?
    /// 0–100, `nil` when a needed part is missing (see `missing`).
    public var stress: Double?
    public var hrvStress: Double?
    public var hrStress: Double?
    /// What was missing, when `stress` is `nil`.
    public var missing: String?

    /// 0.5 · min(1, baseline days / 28) + 0.5 · min(1, HR samples / 10).
    public var confidence: Double {
        0.5 * min(1, Double(baselineDays) / 28) + 0.5 * min(1, Double(hrSamples) / 10)
    }

    /// The stress formula on its own.
    public static func stress(
        hrv: Double, hrvBaseline: Double, hr: Double, rhrBaseline: Double, maxHR: Double
    )
        -> (stress: Double, hrvPart: Double, hrPart: Double)
    {
        let h = MetricMath.clamp(1 - 0.5 * pow(hrv / hrvBaseline, 0.8), 0, 1)
        let r = MetricMath.clamp((hr - rhrBaseline) / (maxHR - rhrBaseline), 0, 1)
        return (100 * (0.7 * h + 0.3 * r), h, r)
    }
}

/// Biometrics grouped by day, for reading stress on any day.
struct StressHistory {
    private var hrvByDay: [Int: [BiometricSample]] = [:]
    private var restByDay: [Int: Double] = [:]
    private var heartRates: [(t: Double, v: Double)] = []
    let maxHR: Double?

    init(input: MetricInput) {
        var rest: [Int: (t: Double, v: Double)] = [:]
        for s in input.biometrics where s.value.isFinite {
            let day = s.time.day(in: input.zone).ordinal
            switch s.type {
            case .hrv_rmssd, .hrv_sdnn: if s.value > 0 { hrvByDay[day, default: []].append(s) }
            case .resting_hr:
                if let p = rest[day], p.t > s.time.epochSeconds { continue }
                rest[day] = (s.time.epochSeconds, s.value)
            case .heart_rate: heartRates.append((s.time.epochSeconds, s.value))
            default: break
            }
        }
        restByDay = rest.mapValues(\.v)
        for k in hrvByDay.keys { hrvByDay[k]!.sort { $0.time < $1.time } }
        heartRates.sort { $0.t < $1.t }
        let age = input.athlete.ageYears.map { 220 - Double($0) }
        maxHR = input.athlete.thresholds.maxHrBpm ?? age
    }

    /// The day's median HRV of `kind`.
    func dailyHRV(_ day: Int, _ kind: BiometricSample.Kind) -> Double? {
        MetricMath.median((hrvByDay[day] ?? []).filter { $0.type == kind }.map(\.value))
    }

    /// The reading of `day`'s latest HRV sample, or `nil` when the day has none.
    func reading(on day: Int) -> StressReading? {
        guard let m = hrvByDay[day]?.last else { return nil }
        let base = (day - 30..<day).compactMap { dailyHRV($0, m.type) }
        let rests = (day - 30..<day).compactMap { restByDay[$0] }
        var r = StressReading(
            kind: m.type, time: m.time, hrv: m.value,
            hrvBaseline: MetricMath.median(base), baselineDays: base.count, hr: nil,
            hrSamples: 0, rhrBaseline: MetricMath.median(rests), maxHR: maxHR)
        let t = m.time.epochSeconds
        var lo = 0, hi = heartRates.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if heartRates[mid].t < t - 300 { lo = mid + 1 } else { hi = mid }
        }
        var near: [Double] = []
        while lo < heartRates.count, heartRates[lo].t <= t + 300 {
            near.append(heartRates[lo].v); lo += 1
        }
        if let mean = MetricMath.mean(near) {
            r.hr = mean; r.hrSamples = near.count
        } else {
            r.hr = restByDay[day]
        }

        if base.count < 7 {
            r.missing =
                "HRV baseline has \(base.count) of the 7 days it needs in the 30 days before"
        } else if r.rhrBaseline == nil {
            r.missing = "no resting heart rate in the 30 days before for a baseline"
        } else if r.hr == nil {
            r.missing =
                "no heart rate within 5 minutes of the HRV reading and no resting heart rate that day"
        } else if maxHR == nil {
            r.missing = "no maximum heart rate or age in the profile"
        } else if let mx = maxHR, let rb = r.rhrBaseline, mx <= rb {
            r.missing = "maximum heart rate is not above the resting baseline"
        } else if let hb = r.hrvBaseline, hb <= 0 {
            r.missing = "HRV baseline is 0"
        }
        guard r.missing == nil, let hb = r.hrvBaseline, let hr = r.hr, let rb = r.rhrBaseline,
            let mx = maxHR
        else { return r }
        let s = StressReading.stress(
            hrv: m.value, hrvBaseline: hb, hr: hr, rhrBaseline: rb, maxHR: mx)
        r.stress = s.stress
        r.hrvStress = s.hrvPart
        r.hrStress = s.hrPart
        return r
    }
}
