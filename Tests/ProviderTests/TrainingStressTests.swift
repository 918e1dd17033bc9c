import CoachKit
import Foundation
import Testing
import TrainingLoadPlugin

@Suite struct TrainingStressTests {
    static let athlete = AthleteContext(
        sex: .male, ageYears: 35,
        thresholds: Thresholds(
            ftpW: 250, thresholdPaceSPerKm: 270, lthrBpm: 168, cssSPer100m: 105,
            restHrBpm: 48, maxHrBpm: 190))
    static let start = Fx.at("2026-03-02T07:00:00Z")

    static func tss(_ sport: Sport = .cycling, _ configure: (inout Workout) -> Void) -> WorkoutTSS {
        WorkoutStress.tss(of: Fx.workout("w", start, sport, configure), athlete: athlete)
    }

    @Test("check: 60 s at a constant 200 W has NP 200")
    func npCheck() {
        let series = PowerStream.resampled(
            Array(repeating: 200, count: 60), intervalS: 1, durationS: 60)!
        #expect(series.count == 60)
        #expect(Fx.close(PowerStream.normalizedPower(series), 200))
    }

    @Test("check: 3600 s at FTP scores TSS 100 by power")
    func tssAtFTP() {
        let t = Self.tss {
            $0.elapsedS = 3600; $0.samples = .init(powerW: Array(repeating: 250, count: 3600))
        }
        #expect(t.method == .power)
        #expect(!t.estimated)
        #expect(Fx.close(t.tss, 100))
        #expect(Fx.close(t.intensityFactor, 1))
    }

    @Test("NP uses a rolling 30 s mean from second 29 on")
    func rollingNP() {
        // 30 s at 0 W then 30 s at 300 W: MA30 at i = 29...59 ramps 0, 10, ..., 300.
        let series = PowerStream.resampled(
            Array(repeating: 0, count: 30) + Array(repeating: 300, count: 30),
            intervalS: 1, durationS: nil)!
        let expected = pow((0...30).map { pow(Double($0) * 10, 4) }.reduce(0, +) / 31, 0.25)
        #expect(Fx.close(PowerStream.normalizedPower(series), expected))
    }

    @Test(
        "gaps up to 25 s are interpolated, longer gaps are 0 W",
        arguments: [(24, true), (25, true), (26, false)])
    func gaps(gap: Int, interpolated: Bool) {
        let stream: [Double?] = [100] + Array(repeating: nil, count: gap - 1) + [200]
        let s = PowerStream.resampled(stream, intervalS: 1, durationS: nil)!
        #expect(s.count == gap + 1)
        #expect(s[0] == 100 && s[gap] == 200)
        let middle = s[gap / 2]
        if interpolated {
            #expect(Fx.close(middle, 100 + 100 * Double(gap / 2) / Double(gap)))
        } else {
            #expect(middle == 0)
        }
    }

    @Test("seconds before the first and after the last recorded sample are 0 W")
    func edges() {
        let s = PowerStream.resampled([nil, nil, 150, 150], intervalS: 1, durationS: 10)!
        #expect(s == [0, 0, 150, 150, 0, 0, 0, 0, 0, 0])
    }

    @Test("slower streams are resampled to 1 Hz by straight lines")
    func slowStream() {
        let s = PowerStream.resampled([100, 200, 100], intervalS: 5, durationS: nil)!
        #expect(s == [100, 120, 140, 160, 180, 200, 180, 160, 140, 120, 100])
    }

    @Test("under 30 s of samples gives no NP from samples; np_w is used instead")
    func shortSamples() {
        let t = Self.tss {
            $0.elapsedS = 3600; $0.npW = 200;
            $0.samples = .init(powerW: Array(repeating: 400, count: 29))
        }
        #expect(t.method == .power)
        #expect(Fx.close(t.normalizedPower, 200))
        #expect(Fx.close(t.tss, 64))
    }

    @Test("average power stands in for NP and is marked estimated")
    func averagePower() {
        let t = Self.tss {
            $0.elapsedS = 7200; $0.avgPowerW = 200
        }
        #expect(t.method == .power)
        #expect(t.estimated)
        #expect(Fx.close(t.tss, 2 * 0.8 * 0.8 * 100))
    }

    @Test("a recorded TSS wins over every other method")
    func deviceFirst() {
        let t = Self.tss {
            $0.tss = 85; $0.elapsedS = 3600; $0.avgPowerW = 250; $0.rpe = 9
        }
        #expect(t.method == .device)
        #expect(t.tss == 85)
    }

    @Test(
        "running pace: IF = threshold pace / pace, TSS = hours * IF^2 * 100",
        arguments: [
            // (distance m, moving s, elapsed s, expected TSS)
            (10_000.0, 2700.0, 2700.0, 75.0),
            (10_000.0, 2500.0, 2700.0, 0.75 * pow(270.0 / 250.0, 2) * 100),
            (5_000.0, 1620.0, 1800.0, 0.5 * pow(270.0 / 324.0, 2) * 100),
        ])
    func runningPace(distance: Double, moving: Double, elapsed: Double, expected: Double) {
        let t = Self.tss(.running) {
            $0.distanceM = distance; $0.movingS = moving; $0.elapsedS = elapsed
        }
        #expect(t.method == .pace)
        #expect(Fx.close(t.tss, expected))
    }

    @Test("swimming pace uses IF cubed against CSS")
    func swimming() {
        // 2000 m in 1909.09 s is a 95.45 s/100 m pace: IF = 105 / 95.4545 = 1.1
        let moving = 2000.0 / 100 * 105 / 1.1
        let t = Self.tss(.swimming) {
            $0.distanceM = 2000; $0.movingS = moving; $0.elapsedS = 3600
        }
        #expect(t.method == .pace)
        #expect(Fx.close(t.tss, 1 * pow(1.1, 3) * 100))
    }

    @Test(
        "one hour at threshold heart rate is hrTSS 100, for either sex",
        arguments: [Sex.male, .female, .other])
    func hrTSSAtThreshold(sex: Sex) {
        var a = Self.athlete
        a.sex = sex
        let w = Fx.workout("w", Self.start, .walking) {
            $0.avgHrBpm = 168; $0.elapsedS = 3600
        }
        let t = WorkoutStress.tss(of: w, athlete: a)
        #expect(t.method == .heartRate)
        #expect(Fx.close(t.tss, 100))
    }

    @Test("hrTSS follows Banister's TRIMP with the sex constants")
    func banister() {
        let male = BanisterTRIMP(thresholds: Self.athlete.thresholds, sex: .male)!
        let female = BanisterTRIMP(thresholds: Self.athlete.thresholds, sex: .female)!
        let r = (150.0 - 48) / (190 - 48)
        #expect(Fx.close(male.load(minutes: 30, heartRate: 150), 30 * r * 0.64 * exp(1.92 * r)))
        #expect(Fx.close(female.load(minutes: 30, heartRate: 150), 30 * r * 0.86 * exp(1.67 * r)))
        // Heart rate below rest or above max is clamped.
        #expect(male.perMinute(40) == 0)
        #expect(Fx.close(male.perMinute(200), 0.64 * exp(1.92)))
    }

    @Test("heart-rate samples count interval/60 minutes each and skip dropouts")
    func hrSamples() {
        var hr: [Double?] = Array(repeating: 168, count: 720)
        hr.insert(nil, at: 100)
        let t = Self.tss(.walking) {
            $0.elapsedS = 9999; $0.samples = .init(intervalS: 5, hrBpm: hr)
        }
        #expect(t.method == .heartRate)
        #expect(Fx.close(t.tss, 100))
    }

    @Test(
        "RPE maps to IF 0.5 + 0.05 RPE and is marked estimated",
        arguments: [(1, 0.55), (5, 0.75), (10, 1.0)])
    func rpe(rpe: Int, intensity: Double) {
        let t = Self.tss(.strength) {
            $0.rpe = rpe; $0.elapsedS = 5400
        }
        #expect(t.method == .rpe)
        #expect(t.estimated)
        #expect(Fx.close(t.tss, 1.5 * intensity * intensity * 100))
    }

    @Test("a workout with no usable method adds 0 TSS")
    func noMethod() {
        let t = Self.tss(.strength) { $0.elapsedS = 3600 }
        #expect(t.method == nil)
        #expect(t.tss == 0)
        // Power without an FTP falls through to the next method.
        let noFTP = WorkoutStress.tss(
            of: Fx.workout("w", Self.start) {
                $0.avgPowerW = 200; $0.elapsedS = 3600; $0.rpe = 6
            },
            athlete: AthleteContext())
        #expect(noFTP.method == .rpe)
    }
}
