import CoachKit
import Foundation

/// Training stress score (TSS) of single workouts, by the first method whose inputs exist:
/// device, power, pace, heart rate, RPE.
///
/// Power follows Coggan/Allen (NP from a rolling 30 s mean, TSS = hours · IF² · 100); running pace
/// uses the same shape with threshold pace; swimming uses IF³ as TrainingPeaks does; heart rate uses
/// Banister's TRIMP normalised to one hour at threshold heart rate; RPE maps to IF = 0.5 + 0.05 · RPE
/// (coach's own estimate). Hours are elapsed time.
public enum WorkoutStress {
    /// The TSS of `workout` for `athlete`.
    ///
    /// - Parameters:
    ///   - workout: the workout.
    ///   - athlete: supplies FTP, threshold pace, CSS, heart-rate thresholds and sex.
    /// - Returns: the score and method; a workout with no usable method scores 0 with method `nil`.
    public static func tss(of workout: Workout, athlete: AthleteContext) -> WorkoutTSS {
        let label = workout.title ?? workout.sport.rawValue
        func make(
            _ tss: Double, _ method: TSSMethod, estimated: Bool = false, intensity: Double? = nil,
            np: Double? = nil
        ) -> WorkoutTSS {
            WorkoutTSS(
                workoutID: workout.id, label: label, tss: tss, method: method, estimated: estimated,
                intensityFactor: intensity, normalizedPower: np)
        }
        if let t = workout.tss, t.isFinite, t >= 0 { return make(t, .device) }
        if let p = power(workout, ftp: athlete.thresholds.ftpW) {
            return make(p.tss, .power, estimated: p.estimated, intensity: p.intensity, np: p.np)
        }
        if let p = pace(workout, thresholds: athlete.thresholds) {
            return make(p.tss, .pace, intensity: p.intensity)
        }
        if let h = heartRate(workout, thresholds: athlete.thresholds, sex: athlete.sex) {
            return make(h, .heartRate)
        }
        if let r = rpe(workout) {
            return make(r.tss, .rpe, estimated: true, intensity: r.intensity)
        }
        return WorkoutTSS(workoutID: workout.id, label: label, tss: 0, method: nil)
    }

    /// Elapsed hours, falling back to moving time when elapsed time is missing.
    static func hours(_ w: Workout) -> Double? {
        guard let s = w.elapsedS ?? w.movingS, s.isFinite, s > 0 else { return nil }
        return s / 3600
    }

    /// Power method: samples, then `np_w`, then `avg_power_w` (estimated).
    static func power(_ w: Workout, ftp: Double?) -> (
        tss: Double, intensity: Double, np: Double, estimated: Bool
    )? {
        guard let ftp, ftp > 0 else { return nil }
        if let s = w.samples, PowerStream.recordedSeconds(s.powerW, intervalS: s.intervalS) >= 30,
            let series = PowerStream.resampled(
                s.powerW, intervalS: s.intervalS, durationS: w.elapsedS),
            let np = PowerStream.normalizedPower(series)
        {
            let h = hours(w) ?? Double(series.count) / 3600
            let f = np / ftp
            return (h * f * f * 100, f, np, false)
        }
        guard let h = hours(w) else { return nil }
        if let np = w.npW, np.isFinite, np >= 0 {
            let f = np / ftp
            return (h * f * f * 100, f, np, false)
        }
        if let avg = w.avgPowerW, avg.isFinite, avg >= 0 {
            let f = avg / ftp
            return (h * f * f * 100, f, avg, true)
        }
        return nil
    }

    /// Pace method: running against threshold pace (IF²), swimming against CSS (IF³).
    static func pace(_ w: Workout, thresholds t: Thresholds) -> (tss: Double, intensity: Double)? {
        guard w.sport == .running || w.sport == .swimming, let h = hours(w),
            let distance = w.distanceM, distance > 0,
            let duration = w.movingS ?? w.elapsedS, duration > 0
        else { return nil }
        if w.sport == .running {
            guard let threshold = t.thresholdPaceSPerKm, threshold > 0 else { return nil }
            let f = threshold / (duration / (distance / 1000))
            return (h * f * f * 100, f)
        }
        guard let css = t.cssSPer100m, css > 0 else { return nil }
        let f = css / (duration / (distance / 100))
        return (h * f * f * f * 100, f)
    }

    /// Heart-rate method: hrTSS = 100 · TRIMP / TRIMP(60 min at LTHR).
    static func heartRate(_ w: Workout, thresholds t: Thresholds, sex: Sex?) -> Double? {
        guard let trimp = BanisterTRIMP(thresholds: t, sex: sex) else { return nil }
        let reference = trimp.hourAtThreshold
        guard reference > 0 else { return nil }
        if let s = w.samples, s.intervalS > 0, s.hrBpm.contains(where: { $0 != nil }) {
            return 100 * trimp.load(samples: s.hrBpm, intervalS: s.intervalS) / reference
        }
        guard let avg = w.avgHrBpm, avg.isFinite, let h = hours(w) else { return nil }
        return 100 * trimp.load(minutes: h * 60, heartRate: avg) / reference
    }

    /// RPE method: IF = 0.5 + 0.05 · RPE for RPE 1–10.
    static func rpe(_ w: Workout) -> (tss: Double, intensity: Double)? {
        guard let r = w.rpe, (1...10).contains(r), let h = hours(w) else { return nil }
        let f = 0.5 + 0.05 * Double(r)
        return (h * f * f * 100, f)
    }
}
