import CoachKit
import Foundation

/// The stress of one day's latest HRV measurement against the athlete's own 30-day baseline.
///
/// Both signals are read as robust z-scores against the athlete's own days: HRV on the natural-log
/// scale (hrvZ = 0.6745 · (ln HRV − median ln HRV) / max(MAD, 0.05)), heart rate in beats
/// (hrZ = 0.6745 · (HR − RHR_base) / max(MAD, 2 bpm)). Each part is the share of the way from the
/// smallest worthwhile change (0.5 z) to a change of 3 z, so a reading inside the athlete's normal
/// day-to-day range scores 0: part(z) = clamp((z − 0.5) / 2.5, 0, 1). stress = 100 · (0.7 · HRV part
/// + 0.3 · HR part), with the HRV part read from a drop (−hrvZ) and the HR part from a rise (hrZ).
public struct StressReading: Sendable, Equatable {
    /// The smallest MAD of the baseline's natural-log HRV (about 7 % day to day).
    public static let lnHRVFloor = 0.05
    /// The smallest MAD of the baseline's resting heart rates, in bpm.
    public static let heartRateFloor = 2.0
    /// The z a change must pass before it counts: half a standard deviation, the smallest
    /// worthwhile change of HRV-guided training.
    public static let worthwhileZ = 0.5
    /// The z at which a part is full.
    public static let fullZ = 3.0

    public var kind: BiometricSample.Kind
    public var time: Instant
    public var hrv: Double
    public var hrvBaseline: Double?
    public var baselineDays: Int
    /// The robust z of ln HRV against the baseline days' ln daily HRV.
    public var hrvZ: Double?
    public var hr: Double?
    public var hrSamples: Int
    public var rhrBaseline: Double?
    /// The robust z of the heart rate against the baseline days' resting heart rates.
    public var hrZ: Double?
    /// Days of the 7 ending on the reading's day that have an HRV sample of its kind.
    public var measuredDays: Int
    /// 0–100, `nil` when a needed part is missing (see `missing`).
    public var stress: Double?
    public var hrvStress: Double?
    public var hrStress: Double?
    /// What was missing, when `stress` is `nil`.
    public var missing: String?

    /// How much the reading rests on: the mean of three shares, each 0–1.
    ///
    /// The baseline's completeness (min(1, baseline days / 28)), the heart rate's timing
    /// (min(1, samples within 5 min / 3); 0.5 when the day's resting HR stands in for it) and the
    /// week's regularity (days of the last 7 with an HRV sample / 7).
    public var confidence: Double {
        let heart = hrSamples > 0 ? min(1, Double(hrSamples) / 3) : 0.5
        return (min(1, Double(baselineDays) / 28) + heart + Double(measuredDays) / 7) / 3
    }

    /// One part of the score: the share of the way from `worthwhileZ` to `fullZ`, clamped to 0–1.
    public static func part(_ z: Double) -> Double {
        MetricMath.clamp((z - worthwhileZ) / (fullZ - worthwhileZ), 0, 1)
    }

    /// The stress formula on its own, from the two z-scores.
    ///
    /// - Parameters:
    ///   - hrvZ: the robust z of ln HRV (negative when HRV is below baseline).
    ///   - hrZ: the robust z of the heart rate (positive when it is above the resting baseline).
    /// - Returns: the stress (0–100) and its two parts (0–1).
    public static func stress(hrvZ: Double, hrZ: Double)
        -> (stress: Double, hrvPart: Double, hrPart: Double)
    {
        let h = part(-hrvZ)
        let r = part(hrZ)
        return (100 * (0.7 * h + 0.3 * r), h, r)
    }
}

/// Biometrics and sleep grouped by day, for reading stress on any day.
///
/// The day's measurement is its latest HRV sample of the athlete's kind for that day (the kind with
/// more samples over d − 28 … d, ties to RMSSD); the baseline is the daily HRV of that kind
/// (main-sleep median, else the day's median) and the daily resting HR over d − 30 … d − 1.
struct StressHistory {
    private let physiology: DailyPhysiology?
    private var heartRates: [(t: Double, v: Double)] = []

    init(input: MetricInput) {
        physiology = DailyPhysiology(
            biometrics: input.biometrics, sleep: input.sleep, zone: input.zone,
            through: input.day)
        for s in input.biometrics where s.value.isFinite && s.type == .heart_rate {
            heartRates.append((s.time.epochSeconds, s.value))
        }
        heartRates.sort { $0.t < $1.t }
    }

    /// The heart-rate samples within ±5 minutes of `t`, bounds included.
    private func heartRates(near t: Double) -> [Double] {
        var lo = 0
        var hi = heartRates.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if heartRates[mid].t < t - 300 { lo = mid + 1 } else { hi = mid }
        }
        var near: [Double] = []
        while lo < heartRates.count, heartRates[lo].t <= t + 300 {
            near.append(heartRates[lo].v)
            lo += 1
        }
        return near
    }

    /// The reading of `day`'s latest HRV sample of the day's kind, or `nil` when there is none.
    func reading(on day: Int) -> StressReading? {
        guard let p = physiology else { return nil }
        let kind = p.hrvKind(for: day)
        guard let m = p.latestSample(kind, on: day), m.value > 0 else { return nil }
        let base = (day - 30..<day).compactMap { p.hrv(kind, on: $0) }
        let rests = (day - 30..<day).compactMap { p.rhr(on: $0) }
        let measured = (day - 6...day).filter { p.latestSample(kind, on: $0) != nil }.count
        var r = StressReading(
            kind: kind, time: m.time, hrv: m.value,
            hrvBaseline: MetricMath.median(base), baselineDays: base.count, hr: nil,
            hrSamples: 0, rhrBaseline: MetricMath.median(rests), measuredDays: measured)
        let near = heartRates(near: m.time.epochSeconds)
        if let mean = MetricMath.mean(near) {
            r.hr = mean
            r.hrSamples = near.count
        } else {
            r.hr = p.rhr(on: day)
        }
        if base.count < 7 {
            r.missing =
                "HRV baseline has \(base.count) of the 7 days it needs in the 30 days before"
        } else if r.rhrBaseline == nil {
            r.missing = "no resting heart rate in the 30 days before for a baseline"
        } else if r.hr == nil {
            r.missing =
                "no heart rate within 5 minutes of the HRV reading and no resting heart rate that day"
        } else if base.contains(where: { $0 <= 0 }) {
            r.missing = "the HRV baseline holds a value of 0"
        }
        guard r.missing == nil, let hr = r.hr,
            let hrvZ = MetricMath.robustZ(
                log(m.value), baseline: base.map { log($0) }, floor: StressReading.lnHRVFloor),
            let hrZ = MetricMath.robustZ(
                hr, baseline: rests, floor: StressReading.heartRateFloor)
        else { return r }
        let s = StressReading.stress(hrvZ: hrvZ, hrZ: hrZ)
        r.hrvZ = hrvZ
        r.hrZ = hrZ
        r.stress = s.stress
        r.hrvStress = s.hrvPart
        r.hrStress = s.hrPart
        return r
    }
}
