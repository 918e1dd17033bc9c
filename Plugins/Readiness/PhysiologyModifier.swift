import CoachKit
import Foundation

/// The HRV / resting-HR adjustment of readiness, smoothed from day to day.
///
/// For a day d with HRV on at least 14 of the 28 days before it, today's HRV and resting HR, and
/// at least 7 baseline values each (days d − 28 … d − 3): hrvZ and rhrZ are robust z-scores against
/// the baselines; h = clamp(hrvZ / 1.5, −1, 1), r = clamp(−rhrZ / 1.5, −1, 1); the raw adjustment is
/// clamp(10 · (0.6 h + 0.4 r), −12, 12) and the adjustment is 0.3 · raw + 0.7 · yesterday's
/// adjustment (0 when yesterday had none). Days that do not qualify have no adjustment and restart
/// the smoothing.
public struct PhysiologyModifier: Sendable, Equatable {
    /// The modifier's reading of one day.
    public struct Day: Sendable, Equatable {
        public var kind: BiometricSample.Kind
        public var hrv: Double?
        public var rhr: Double?
        public var hrvBaseline: Double?
        public var rhrBaseline: Double?
        public var hrvDays: Int
        public var hrvZ: Double?
        public var rhrZ: Double?
        public var rawAdjustment: Double?
        /// The smoothed adjustment; `nil` when the day does not qualify.
        public var adjustment: Double?
        /// Why there is no adjustment, when there is none.
        public var reason: String?

        /// HRV ≤ −2 z and resting HR ≥ +2 z together.
        public var possibleIllness: Bool {
            guard let h = hrvZ, let r = rhrZ else { return false }
            return h <= -2 && r >= 2
        }
    }

    public let today: Day
    /// The first day of biometric history (nil without any HRV or resting HR).
    public let firstDay: LocalDay?
    /// The smoothed adjustment of every day from `firstDay` to the evaluated day (nil where the
    /// day did not qualify); each equals `today.adjustment` of a walk that ends on that day.
    public let adjustments: [Double?]

    /// Walks the athlete's biometric history up to `input.day` and reads the modifier of that day.
    ///
    /// - Parameter carried: the smoothing carried as of `input.carriedAsOf`; the input then
    ///   holds the records of the window after it (which primes the baselines), and the walk
    ///   takes the carried adjustment as yesterday's on the day after the state's day.
    public init(input: MetricInput, carried: PhysiologyState? = nil) {
        let walked = Self.walk(
            input, historyStart: carried?.historyStart, carriedPrevious: carried?.previous)
        today = walked.today
        firstDay = walked.firstDay
        adjustments = walked.adjustments
    }

    /// The walk behind `init(input:carried:)` (a static function: the release compiler's
    /// ownership verifier rejects this body inside an initialiser).
    private static func walk(
        _ input: MetricInput, historyStart: LocalDay?, carriedPrevious: Double?
    ) -> (today: Day, firstDay: LocalDay?, adjustments: [Double?]) {
        let d = input.day.ordinal
        let resume = historyStart == nil ? nil : input.carriedAsOf.map { $0.ordinal + 1 }
        guard
            let phys = DailyPhysiology(
                biometrics: input.biometrics, sleep: input.sleep, zone: input.zone,
                through: input.day)
        else {
            // With history before the window and none in it, the day reads what the whole walk
            // reads on it: no HRV in the 28 days before.
            let reason =
                historyStart == nil
                ? "no HRV or resting heart rate recorded"
                : "HRV on 0 of the 28 days before (needs 14)"
            return (Day(kind: .hrv_rmssd, hrvDays: 0, reason: reason), historyStart, [])
        }
        var previous: Double?
        var day = Day(kind: .hrv_rmssd, hrvDays: 0)
        var adjustments: [Double?] = []
        adjustments.reserveCapacity(max(0, d - phys.firstDay + 1))
        // Baselines of day x are the days x − 28 … x − 3; slide them one day at a time.
        var rmssd = SlidingBaseline(), sdnn = SlidingBaseline(), rest = SlidingBaseline()
        func slide(_ w: inout SlidingBaseline, _ value: (Int) -> Double?, _ x: Int) {
            if let v = value(x - 3) { w.insert(v) }
            if let v = value(x - 29) { w.remove(v) }
        }
        for x in phys.firstDay...d {
            slide(&rmssd, { phys.hrv(.hrv_rmssd, on: $0) }, x)
            slide(&sdnn, { phys.hrv(.hrv_sdnn, on: $0) }, x)
            slide(&rest, { phys.rhr(on: $0) }, x)
            let base = phys.hrvKind(for: x) == .hrv_sdnn ? sdnn : rmssd
            day = Self.read(phys, x, hrvBase: base, rhrBase: rest, detailed: x == d)
            if x == resume { previous = carriedPrevious }
            if let raw = day.rawAdjustment {
                day.adjustment = 0.3 * raw + 0.7 * (previous ?? 0)
            }
            previous = day.adjustment
            adjustments.append(day.adjustment)
        }
        return (day, historyStart ?? LocalDay(ordinal: phys.firstDay), adjustments)
    }

    /// Reads day `x` against its baselines; they are only summarised for a qualifying day or when
    /// `detailed`.
    static func read(
        _ p: DailyPhysiology, _ x: Int, hrvBase: SlidingBaseline, rhrBase: SlidingBaseline,
        detailed: Bool
    ) -> Day {
        let kind = p.hrvKind(for: x)
        var day = Day(
            kind: kind, hrv: p.hrv(kind, on: x), rhr: p.rhr(on: x),
            hrvDays: p.hrvDays(kind, from: x - 28, to: x - 1))
        let qualifies = day.hrvDays >= 14 && day.hrv != nil && day.rhr != nil
        guard qualifies || detailed else { return day }
        day.hrvBaseline = hrvBase.median
        day.rhrBaseline = rhrBase.median
        guard day.hrvDays >= 14 else {
            day.reason = "HRV on \(day.hrvDays) of the 28 days before (needs 14)"
            return day
        }
        guard let hrv = day.hrv, let rhr = day.rhr else {
            day.reason = day.hrv == nil ? "no HRV today" : "no resting heart rate today"
            return day
        }
        guard hrvBase.count >= 7, rhrBase.count >= 7 else {
            day.reason =
                "baselines need 7 values each (HRV \(hrvBase.count), resting HR \(rhrBase.count))"
            return day
        }
        guard let hz = hrvBase.z(hrv, floor: kind.madFloor),
            let rz = rhrBase.z(rhr, floor: BiometricSample.Kind.resting_hr.madFloor)
        else { return day }
        day.hrvZ = hz
        day.rhrZ = rz
        let h = MetricMath.clamp(hz / 1.5, -1, 1), r = MetricMath.clamp(-rz / 1.5, -1, 1)
        day.rawAdjustment = MetricMath.clamp(10 * (0.6 * h + 0.4 * r), -12, 12)
        return day
    }
}
