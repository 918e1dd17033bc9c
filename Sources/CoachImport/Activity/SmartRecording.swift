import Foundation

/// Fills the gaps of a device's irregular ("smart") recording on the 1 s grid.
///
/// A device in smart recording writes a point when something changes, so a value stands until
/// the next point: a gap up to `pauseGap` seconds holds the earlier value (sample and hold). A
/// longer gap is a pause and stays empty. The pause threshold follows the file's own rhythm: the
/// longer of 25 s (the resampling rule of the training-load metric) and twice the median
/// interval between the file's points, so a file written once a minute holds each minute and a
/// 1 s file still pauses after 25 s.
enum SmartRecording {
    /// The shortest gap, in seconds, that is always held.
    static let minimumPauseGap = 25

    /// The longest gap that holds the earlier value for points at `seconds` (any order).
    ///
    /// - Parameter seconds: the seconds from the start at which the file has points.
    /// - Returns: 25, or twice the median positive interval when that is longer.
    static func pauseGap(_ seconds: [Int]) -> Int {
        let sorted = Array(Set(seconds)).sorted()
        guard sorted.count > 1 else { return minimumPauseGap }
        let steps = zip(sorted.dropFirst(), sorted).map { $0 - $1 }.sorted()
        let median = steps[steps.count / 2]
        return max(minimumPauseGap, 2 * median)
    }

    /// Holds each recorded value across the empty seconds after it, up to the next recorded one,
    /// when they are at most `pauseGap` seconds apart.
    ///
    /// - Parameters:
    ///   - stream: a 1 s stream, `nil` where nothing was recorded.
    ///   - pauseGap: the longest gap that is held.
    /// - Returns: the stream with short gaps held; long gaps and the edges stay `nil`.
    static func held(_ stream: [Double?], pauseGap: Int) -> [Double?] {
        var out = stream
        var last: (index: Int, value: Double)?
        for (i, v) in stream.enumerated() {
            guard let v else { continue }
            if let last, i - last.index > 1, i - last.index <= pauseGap {
                for j in (last.index + 1)..<i { out[j] = last.value }
            }
            last = (i, v)
        }
        return out
    }
}
