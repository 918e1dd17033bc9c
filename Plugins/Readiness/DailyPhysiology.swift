import CoachKit
import Foundation

/// Per-day HRV (both kinds) and resting heart rate, from the first biometric day to the evaluated day.
///
/// Daily HRV of a kind = the median of that kind's samples inside the main sleep block of the night
/// before the day; without a block or a sample in it, the median of the day's own samples. Daily
/// resting HR = the last resting-HR sample of the day.
struct DailyPhysiology {
    /// The two HRV kinds, in the order of the per-kind arrays below.
    static let kinds: [BiometricSample.Kind] = [.hrv_rmssd, .hrv_sdnn]

    let firstDay: Int
    let lastDay: Int
    /// Daily HRV per kind (index as in `kinds`), index `day - firstDay`.
    private(set) var hrv: [[Double?]]
    private(set) var rhr: [Double?]
    /// Prefix sums of HRV sample counts per kind: counts[k][i] = samples on days < firstDay + i.
    private var counts: [[Int]]
    /// Prefix sums of days with a daily HRV per kind.
    private var valueDays: [[Int]]

    init?(
        biometrics: [BiometricSample], sleep: [SleepRecord], zone: TimeZone, through day: LocalDay
    ) {
        var byKind: [[(t: Double, day: Int, v: Double)]] = [[], []]
        var rests: [(t: Double, day: Int, index: Int, v: Double)] = []
        let days = ZoneDays(zone: zone, spanning: biometrics) { $0.time }
        for i in biometrics.indices {
            let s = biometrics[i]
            guard s.value.isFinite, s.type.isHRV || s.type == .resting_hr else { continue }
            let d = days.day(of: s.time).ordinal
            guard d <= day.ordinal else { continue }
            switch s.type {
            case .resting_hr: rests.append((s.time.epochSeconds, d, i, s.value))
            case .hrv_rmssd: byKind[0].append((s.time.epochSeconds, d, s.value))
            default: byKind[1].append((s.time.epochSeconds, d, s.value))
            }
        }
        let allDays = rests.map(\.day) + byKind[0].map(\.day) + byKind[1].map(\.day)
        guard let first = allDays.min() else { return nil }
        firstDay = first
        lastDay = day.ordinal
        let n = lastDay - firstDay + 1
        rhr = [Double?](repeating: nil, count: n)
        for r in rests.sorted(by: { ($0.t, $0.index) < ($1.t, $1.index) }) {
            rhr[r.day - first] = r.v
        }
        let blocks = SleepBlocks(sleep)
        var mains: [ClosedRange<Double>?]?
        hrv = []
        counts = []
        valueDays = []
        for k in 0..<2 {
            let samples = byKind[k].sorted { $0.t < $1.t }
            var count = [Int](repeating: 0, count: n + 1)
            var perDay = [[Double]](repeating: [], count: n)
            for s in samples { perDay[s.day - first].append(s.v) }
            for i in 0..<n { count[i + 1] = count[i] + perDay[i].count }
            var daily = [Double?](repeating: nil, count: n)
            if !samples.isEmpty {
                let times = samples.map(\.t)
                if mains == nil {
                    mains = (0..<n).map {
                        blocks.mainBlock(before: LocalDay(ordinal: first + $0), days: days)
                    }
                }
                for i in 0..<n {
                    if let block = mains![i] {
                        let lo = Self.lowerBound(times, block.lowerBound)
                        var hi = lo
                        while hi < times.count, times[hi] <= block.upperBound { hi += 1 }
                        if hi > lo {
                            daily[i] = MetricMath.median(samples[lo..<hi].map(\.v)); continue
                        }
                    }
                    daily[i] = MetricMath.median(perDay[i])
                }
            }
            var have = [Int](repeating: 0, count: n + 1)
            for i in 0..<n { have[i + 1] = have[i] + (daily[i] == nil ? 0 : 1) }
            hrv.append(daily)
            counts.append(count)
            valueDays.append(have)
        }
    }

    static func index(_ kind: BiometricSample.Kind) -> Int { kind == .hrv_sdnn ? 1 : 0 }

    /// The HRV kind for `day`: the one with more samples on day − 28 … day; ties go to RMSSD.
    func hrvKind(for day: Int) -> BiometricSample.Kind {
        sum(counts[1], day - 28, day) > sum(counts[0], day - 28, day) ? .hrv_sdnn : .hrv_rmssd
    }

    /// Days in `from ... to` with a daily HRV of `kind`.
    func hrvDays(_ kind: BiometricSample.Kind, from: Int, to: Int) -> Int {
        sum(valueDays[Self.index(kind)], from, to)
    }

    func hrv(_ kind: BiometricSample.Kind, on day: Int) -> Double? {
        at(hrv[Self.index(kind)], day)
    }
    func rhr(on day: Int) -> Double? { at(rhr, day) }

    private func at(_ series: [Double?], _ day: Int) -> Double? {
        day >= firstDay && day <= lastDay ? series[day - firstDay] : nil
    }

    private func sum(_ prefix: [Int], _ from: Int, _ to: Int) -> Int {
        let lo = min(max(from - firstDay, 0), prefix.count - 1),
            hi = min(max(to - firstDay + 1, 0), prefix.count - 1)
        return hi > lo ? prefix[hi] - prefix[lo] : 0
    }

    static func lowerBound(_ a: [Double], _ x: Double) -> Int {
        var lo = 0, hi = a.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if a[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
