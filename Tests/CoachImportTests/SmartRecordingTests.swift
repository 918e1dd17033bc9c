import CoachKit
import Foundation
import Testing

@testable import CoachImport

/// Smart recording: values held across short gaps, long gaps as pauses, NP never under average.
@Suite struct SmartRecordingTests {
    @Test(
        "the pause threshold is 25 s or twice the median interval between points",
        arguments: [
            ([0, 1, 2, 3], 25),  // 1 s recording
            ([0, 60, 120, 180], 120),  // once a minute: median 60
            ([0, 5, 10, 600], 25),  // intervals 5, 5, 590: median 5, so 25
            ([0, 20, 40, 50, 400], 40),  // intervals 10, 20, 20, 350: median 20
            ([7], 25),  // one point
        ])
    func pauseGap(seconds: [Int], expected: Int) {
        #expect(SmartRecording.pauseGap(seconds) == expected)
    }

    @Test(
        "a value holds until the next point when the gap is short; a long gap stays empty",
        arguments: [
            ([100, nil, nil, 130], 25, [100, 100, 100, 130]),
            ([nil, 50, nil], 25, [nil, 50, nil]),  // edges are not held
            ([100, nil, nil, 130], 2, [100, nil, nil, 130]),  // gap 3 > 2: a pause
            ([100, nil, 130], 2, [100, 100, 130]),  // gap 2 <= 2: held
            ([100, nil, 130, nil, nil, nil, 90], 2, [100, 100, 130, nil, nil, nil, 90]),
        ] as [([Double?], Int, [Double?])])
    func held(stream: [Double?], gap: Int, expected: [Double?]) {
        #expect(SmartRecording.held(stream, pauseGap: gap) == expected)
    }

    @Test("points once a minute lay a held 1 s stream, not 59 s of nothing a minute")
    func oneMinutePoints() {
        let points = (0...3).map { i in
            (
                t: Double(60 * i), power: Double?(200 + 10 * Double(i)), hr: Double?.none,
                speed: Double?.none
            )
        }
        let s = ActivitySamples.oneHertz(points, durationS: 180)
        #expect(s.powerW.count == 181)
        #expect(s.powerW[0] == 200 && s.powerW[59] == 200 && s.powerW[60] == 210)
        #expect(s.powerW[179] == 220 && s.powerW[180] == 230)
        #expect(s.hrBpm.isEmpty)
    }

    @Test("NP stands at the average when pauses counted as 0 W would put it under")
    func npNotBelowAverage() throws {
        // 60 s at 300 W, a 100 s pause, 60 s at 300 W: the resampled series counts the pause as
        // 0 W, so its NP is under the 300 W average of the recorded seconds.
        let stream: [Double?] =
            Array(repeating: 300, count: 60) + Array(repeating: nil, count: 100)
            + Array(repeating: 300, count: 60)
        let samples = Workout.Samples(intervalS: 1, powerW: stream)
        let raw = try #require(ActivitySamples.normalizedPower(samples, durationS: 220))
        #expect(raw < 300)
        let average = try #require(ActivitySamples.recordedMean(stream))
        #expect(average == 300)
        #expect(ActivitySamples.normalizedPower(samples, durationS: 220, averageW: average) == 300)
    }

    @Test("a TCX ride with power once a minute has NP 210.7 W over an average of 210.0 W")
    func tcxOneMinutePower() throws {
        // Held: 600 s at 200 W, then 601 s at 220 W (1201 s). Average 252220 / 1201 = 210.0.
        // Rolling 30 s means: 571 at 200, 30 ramping 200 + 20k/30 (k = 1...30), 571 at 220;
        // NP = (mean of their fourth powers)^(1/4) = 210.707.
        let (w, _) = try TrackImporterTests.workout("fit/ride_20min_1min_power.tcx")
        let power = try #require(w.samples?.powerW)
        #expect(power.count == 1201)
        #expect(power.allSatisfy { $0 != nil })
        #expect(w.avgPowerW == 210.0)
        #expect(w.npW == 210.7)
        #expect(try #require(w.npW) >= (w.avgPowerW ?? .infinity))
    }
}
