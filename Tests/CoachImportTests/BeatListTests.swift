import Foundation
import Testing

@testable import CoachImport

/// RMSSD from Apple Health beat lists: intervals from the beat timestamps, checked by the bpm.
@Suite struct BeatListTests {
    typealias Beat = BeatList.Beat

    static func beats(_ rows: [(Double, Double)]) -> [Beat] {
        rows.map { Beat(bpm: $0.0, time: $0.1) }
    }

    @Test(
        "RMSSD of the timestamp intervals, not crossing a rejected interval",
        arguments: [
            // RR 1000, 1050, 1000, 1100: differences 50, -50, 100; sqrt(15000 / 3) = 70.71.
            ([(60, 0), (60, 1.0), (57, 2.05), (60, 3.05), (55, 4.15)], 70.71),
            // RR 1000, 1100, 2000 (a missed beat: twice 60000/60, rejected), 900, 1000:
            // differences 100 and 100 only; RMSSD 100.
            ([(60, 0), (60, 1.0), (60, 2.1), (60, 4.1), (67, 5.0), (60, 6.0)], 100),
            // Across midnight: RR 1000, 900, 1000; differences -100, 100.
            ([(60, 86_399.5), (60, 0.5), (67, 1.4), (60, 2.4)], 100),
            // The generated export's first beats (11:42:58.21 PM on): RR 1190, 1080, 1090, 1120,
            // 1060, 1080; differences -110, 10, 30, -60, 20; sqrt(17100 / 5) = 58.48.
            (
                [
                    (50, 85_378.21), (55, 85_379.40), (55, 85_380.48), (53, 85_381.57),
                    (58, 85_382.69), (55, 85_383.75), (62, 85_384.83),
                ], 58.48
            ),
        ] as [([(Double, Double)], Double)])
    func rmssd(rows: [(Double, Double)], expected: Double) {
        #expect(BeatList.rmssd(Self.beats(rows)) == expected)
    }

    @Test(
        "fewer than two successive differences give no RMSSD",
        arguments: [
            [(60, 0), (60, 1.0)],  // one interval
            [(60, 0), (60, 1.0), (60, 3.0)],  // the second interval spans a missed beat
            [(60, 0), (60, 1.0), (60, 2.0), (60, 2.1)],  // 100 ms: not a heartbeat
        ] as [[(Double, Double)]])
    func tooFew(rows: [(Double, Double)]) {
        #expect(BeatList.rmssd(Self.beats(rows)) == nil)
    }

    /// A deterministic beat series around `hr` bpm with swings of `amplitude` ms, exported the
    /// way Apple does: times to 0.01 s, whole-number bpm of the interval that starts at the beat.
    static func export(hr: Double, amplitude: Double) -> (rr: [Double], beats: [Beat]) {
        let base = 60_000 / hr
        let rr: [Double] = (0..<120).map { i in
            let fast: Double = amplitude * sin(Double(i) * 2.399963)
            let slow: Double = 0.5 * amplitude * sin(Double(i) * 0.7)
            return base + fast + slow
        }
        var t = 3_600_000.0
        var beats: [Beat] = []
        for r in rr {
            beats.append(Beat(bpm: (60_000 / r).rounded(), time: (t / 10).rounded() / 100))
            t += r
        }
        beats.append(Beat(bpm: beats.last!.bpm, time: (t / 10).rounded() / 100))
        return (rr, beats)
    }

    static func exact(_ rr: [Double]) -> Double {
        let d: [Double] = (1..<rr.count).map { i in
            let step: Double = rr[i] - rr[i - 1]
            return step * step
        }
        return (d.reduce(0, +) / Double(d.count)).squareRoot()
    }

    @Test(
        "timestamps read RMSSD within 5 % at athletes' resting rates; whole bpm read it as 0",
        arguments: [(45.0, 20.0), (45, 40), (50, 20), (50, 40), (60, 20), (60, 40)])
    func accuracy(hr: Double, amplitude: Double) throws {
        let (rr, beats) = Self.export(hr: hr, amplitude: amplitude)
        let truth = Self.exact(rr)
        let read = try #require(BeatList.rmssd(beats))
        #expect(abs(read - truth) / truth < 0.05, "read \(read), truth \(truth)")
        // The old reading, 60000 / bpm, cannot see swings smaller than one bpm step: with swings
        // of 4 ms (RMSSD 5.4 ms) every beat at 45-60 bpm rounds to one value and reads 0, while
        // the timestamps still see them (10 ms stamps add about 7 ms in quadrature).
        let small = Self.export(hr: hr, amplitude: 4)
        let fromBPM = small.beats.dropLast().map { 60_000 / $0.bpm }
        #expect(Self.exact(fromBPM) == 0)
        #expect(try #require(BeatList.rmssd(small.beats)) > 0.5 * Self.exact(small.rr))
    }
}
