import Testing

@testable import CoachCLI

/// Issue 30, item 14: a terminal sparkline's scale does not exaggerate a small change.
@Suite struct TrendScaleTests {
    /// (values, expected scale).
    static let cases: [([Double], ClosedRange<Double>)] = [
        // Three points at about 60: widened to a quarter of 61 (15.25) about 59.5.
        ([58, 59, 61, 60], 51...68),
        ([0, 80], 0...80),  // a real change keeps its own range
        ([-20, 10], -20...10),
        ([5, 5], 4...6),  // flat: widened to 1.25 about 5, whole units outwards
    ]

    @Test("the scale is the range, widened to a quarter of the magnitude", arguments: cases.indices)
    func scale(index: Int) {
        let (values, expected) = Self.cases[index]
        #expect(TrendText.scale(values) == expected, "\(values)")
    }

    @Test("58–61 draws as a near-flat line, 0–80 uses the whole height")
    func drawn() throws {
        let flat = [58.0, 59, 61, 60]
        let scale = try #require(TrendText.scale(flat))
        let line = Charts.sparkline(flat, lower: scale.lowerBound, upper: scale.upperBound)
        let levels = Set(line)
        #expect(levels.count <= 3 && !line.contains("▁") && !line.contains("█"), "\(line)")
        let steep = try #require(TrendText.scale([0, 80]))
        #expect(
            Charts.sparkline([0, 80], lower: steep.lowerBound, upper: steep.upperBound) == "▁█")
    }
}
