import CoachKit
import Testing

@Suite struct MetricMathTests {
    @Test(
        "upper median takes sorted[n / 2]",
        arguments: [
            ([1.0], 1.0), ([1.0, 2.0], 2.0), ([3.0, 1.0, 2.0], 2.0), ([4.0, 1.0, 3.0, 2.0], 3.0),
            ([5.0, 5.0, 1.0, 9.0, 7.0], 5.0),
        ])
    func upperMedian(values: [Double], expected: Double) {
        #expect(MetricMath.median(values) == expected)
    }

    @Test("median and MAD of an empty array are nil")
    func emptyStatistics() {
        #expect(MetricMath.median([]) == nil)
        #expect(MetricMath.mad([], floor: 1) == nil)
        #expect(MetricMath.robustZ(3, baseline: [], floor: 1) == nil)
    }

    @Test("MAD is raised to its floor when the baseline does not vary")
    func madFloor() {
        #expect(MetricMath.mad([50, 50, 50, 50], floor: 1) == 1)
        #expect(MetricMath.mad([1, 2, 3, 4, 100], floor: 0.5) == 1)
        // z against a constant baseline uses the floor instead of dividing by zero.
        let z = MetricMath.robustZ(53, baseline: Array(repeating: 50, count: 10), floor: 1)
        #expect(Fx.close(z, 0.6745 * 3))
    }

    @Test(
        "MAD floors per measurement type",
        arguments: [
            (BiometricSample.Kind.resting_hr, 1.0), (.heart_rate, 1.0), (.hr_recovery, 1.0),
            (.hrv_rmssd, 1.0),
            (.hrv_sdnn, 1.0), (.respiratory_rate, 0.5), (.spo2, 0.5), (.wrist_temp, 0.1),
        ])
    func floors(kind: BiometricSample.Kind, floor: Double) {
        #expect(kind.madFloor == floor)
    }

    @Test("robust z = 0.6745 (v - median) / MAD")
    func robustZ() {
        // median 60 (upper of 50,55,60,65,70), deviations 10,5,0,5,10 -> MAD 5
        let z = MetricMath.robustZ(70, baseline: [50, 55, 60, 65, 70], floor: 1)
        #expect(Fx.close(z, 0.6745 * 10 / 5))
    }

    @Test(
        "rounding is half away from zero",
        arguments: [
            (2.5, 3), (-2.5, -3), (2.4999, 2), (0.5, 1), (-0.5, -1), (49.5, 50), (0.0, 0),
        ])
    func rounding(value: Double, expected: Int) {
        #expect(MetricMath.round(value) == expected)
    }

    @Test(
        "clamp keeps values inside the bounds",
        arguments: [(-5.0, 0.0), (50.0, 50.0), (150.0, 100.0)])
    func clamp(value: Double, expected: Double) {
        #expect(MetricMath.clamp(value, 0, 100) == expected)
    }

    @Test("population SD divides by n")
    func populationSD() {
        #expect(MetricMath.populationSD([2, 4, 4, 4, 5, 5, 7, 9]) == 2)
        #expect(MetricMath.mean([1, 2, 3, 6]) == 3)
    }

    @Test(
        "explanations format numbers the same everywhere",
        arguments: [
            (51.1764, 1, "51.2"), (-0.04, 1, "0.0"), (-12.0, 0, "-12"), (0.125, 2, "0.13"),
            (1234.5, 0, "1235"),
        ])
    func formatting(value: Double, digits: Int, expected: String) {
        #expect(MetricFormat.fixed(value, digits) == expected)
    }

    @Test("signed formatting adds a plus to positive numbers only")
    func signedFormatting() {
        #expect(MetricFormat.signed(3.21) == "+3.2")
        #expect(MetricFormat.signed(-3.21) == "-3.2")
        #expect(MetricFormat.signed(0.01) == "0.0")
    }
}

@Suite struct BaselineTests {
    @Test("a sliding baseline gives exactly the median, MAD and z of sorting the same values")
    func slidingMatchesSorting() {
        var g = SplitMix64(seed: 99)
        var window = SlidingBaseline()
        var plain: [Double] = []
        for step in 0..<400 {
            let v = Double(Int.random(in: 40...60, using: &g)) + (step % 3 == 0 ? 0.5 : 0)
            window.insert(v)
            plain.append(v)
            if plain.count > 26 { window.remove(plain.removeFirst()) }
            let exact = RobustBaseline(plain)!
            #expect(window.values == plain.sorted())
            #expect(window.median == exact.median)
            #expect(window.mad == exact.mad)
            #expect(window.z(55, floor: 1) == exact.z(55, floor: 1))
            #expect(MetricMath.mad(plain) == exact.mad)
        }
    }

    @Test("an empty sliding baseline has no median, MAD or z")
    func emptyWindow() {
        var w = SlidingBaseline()
        #expect(w.median == nil && w.mad == nil && w.z(1, floor: 1) == nil)
        w.insert(5)
        w.remove(6)
        #expect(w.count == 1 && w.mad == 0)
        #expect(w.z(7, floor: 0.5) == 0.6745 * 2 / 0.5)
    }
}
