import CoachKit
import Foundation

/// Per-day HRV (both kinds) and resting heart rate, from the first biometric day to the evaluated day.
///
/// Daily HRV of a kind = the median of that kind's samples inside the main sleep block of the night
/// before the day; without a block or a sample in it, the median of the day's own samples. Daily
/// resting HR = the last resting-HR sample of the day.
struct DailyPhysiology {
    let firstDay: Int
    let lastDay: Int
    private(set) var hrv: [BiometricSample.Kind: [Double?]] = [:]
    private(set) var rhr: [Double?]
    /// Prefix sums of HRV sample counts per kind: counts[k][i] = samples on days < firstDay + i.
    private var counts: [BiometricSample.Kind: [Int]] = [:]
    /// Prefix sums of days with a daily HRV per kind.
    private var valueDays: [BiometricSample.Kind: [Int]] = [:]

    init?(biometrics: [BiometricSample], sleep: [SleepRecord], zone: TimeZone, through day: LocalDay) {
        let kinds: [BiometricSample.Kind] = [.hrv_rmssd, .hrv_sdnn]
        var byKind: [BiometricSample.Kind: [(t: Double, day: Int, v: Double)]] = [:]
        var rests: [(t: Double, day: Int, v: Double)] = []
        for s in biometrics where s.value.isFinite && (s.type.isHRV || s.type == .resting_hr) {
            let d = s.time.day(in: zone).ordinal
            guard d <= day.ordinal else { continue }
            if s.type == .resting_hr { rests.append((s.time.epochSeconds, d, s.value)) }
            else { byKind[s.type, default: []].append((s.time.epochSeconds, d, s.value)) }
        }
        let allDays = rests.map(\.day) + byKind.values.flatMap { $0.map(\.day) }
        guard let first = allDays.min() else { return nil }
        firstDay = first
        lastDay = day.ordinal
        let n = lastDay - firstDay + 1
        rhr = [Double?](repeating: nil, count: n)
        for r in rests.enumerated().sorted(by: { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }) {
            rhr[r.element.day - first] = r.element.v
        }
        let blocks = SleepBlocks(sleep)
        for k in kinds {
            let samples = (byKind[k] ?? []).sorted { $0.t < $1.t }
            var count = [Int](repeating: 0, count: n + 1)
            var perDay = [[Double]](repeating: [], count: n)
            for s in samples { perDay[s.day - first].append(s.v) }
            for i in 0..<n { count[i + 1] = count[i] + perDay[i].count }
            var daily = [Double?](repeating: nil, count: n)
            if !samples.isEmpty {
                let times = samples.map(\.t)
                for i in 0..<n {
                    let d = LocalDay(ordinal: first + i)
                    if let block = blocks.mainBlock(before: d, zone: zone) {
                        let lo = Self.lowerBound(times, block.lowerBound)
                        var hi = lo
                        while hi < times.count, times[hi] <= block.upperBound { hi += 1 }
                        if hi > lo { daily[i] = MetricMath.median(samples[lo..<hi].map(\.v)); continue }
                    }
                    daily[i] = MetricMath.median(perDay[i])
                }
            }
            var have = [Int](repeating: 0, count: n + 1)
            for i in 0..<n { have[i + 1] = have[i] + (daily[i] == nil ? 0 : 1) }
            hrv[k] = daily
            counts[k] = count
            valueDays[k] = have
        }
    }

    /// The HRV kind for `day`: the one with more samples on day − 28 … day; ties go to RMSSD.
    func hrvKind(for day: Int) -> BiometricSample.Kind {
        let r = sum(counts[.hrv_rmssd]!, day - 28, day), s = sum(counts[.hrv_sdnn]!, day - 28, day)
        return s > r ? .hrv_sdnn : .hrv_rmssd
    }

    /// Days in `from ... to` with a daily HRV of `kind`.
    func hrvDays(_ kind: BiometricSample.Kind, from: Int, to: Int) -> Int { sum(valueDays[kind]!, from, to) }

    func hrv(_ kind: BiometricSample.Kind, on day: Int) -> Double? { at(hrv[kind]!, day) }
    func rhr(on day: Int) -> Double? { at(rhr, day) }

    /// The non-missing daily values of `series` on `from ... to`.
    func values(_ series: [Double?], from: Int, to: Int) -> [Double] {
        let lo = max(from, firstDay), hi = min(to, lastDay)
        guard lo <= hi else { return [] }
        return (lo...hi).compactMap { series[$0 - firstDay] }
    }

    private func at(_ series: [Double?], _ day: Int) -> Double? {
        day >= firstDay && day <= lastDay ? series[day - firstDay] : nil
    }

    private func sum(_ prefix: [Int], _ from: Int, _ to: Int) -> Int {
        let lo = min(max(from - firstDay, 0), prefix.count - 1), hi = min(max(to - firstDay + 1, 0), prefix.count - 1)
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
