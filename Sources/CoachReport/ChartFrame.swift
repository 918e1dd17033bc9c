import Foundation

/// The geometry of one day-by-day chart: where a day and a value land in SVG units.
///
/// Days are slots of equal width across the plot; a value maps linearly from `low`…`high` (bottom
/// to top). Coordinates are printed with one decimal, so a point is within 0.05 units of its exact
/// position.
public struct ChartFrame: Sendable, Equatable {
    public static let width = 720.0
    public static let left = 52.0
    public static let right = 40.0
    public static let top = 18.0
    public static let bottom = 24.0

    /// The chart's total height in SVG units.
    public let height: Double
    /// The number of day slots.
    public let count: Int
    /// The value at the bottom of the plot.
    public let low: Double
    /// The value at the top of the plot.
    public let high: Double
    /// The distance between gridlines, in value units.
    public let step: Double

    /// A frame whose value range covers `values` and `include`, widened to round gridlines.
    ///
    /// - Parameters:
    ///   - count: day slots.
    ///   - values: the numbers drawn (gaps ignored).
    ///   - include: values that must be inside the range (e.g. 0 or a zone edge).
    ///   - height: total SVG height.
    public init(count: Int, values: [Double], include: [Double] = [], height: Double = 190) {
        let all = (values + include).filter(\.isFinite)
        var lo = all.min() ?? 0
        var hi = all.max() ?? 1
        if hi - lo < 1e-9 {
            lo -= 1
            hi += 1
        }
        let step = Self.niceStep((hi - lo) / 4)
        self.init(
            count: count, low: (lo / step).rounded(.down) * step,
            high: (hi / step).rounded(.up) * step,
            step: step, height: height)
    }

    /// A frame with a fixed value range.
    public init(count: Int, low: Double, high: Double, step: Double, height: Double = 190) {
        self.count = max(1, count)
        self.low = low
        self.high = high > low ? high : low + 1
        self.step = step > 0 ? step : 1
        self.height = height
    }

    public var plotWidth: Double { Self.width - Self.left - Self.right }
    public var plotHeight: Double { height - Self.top - Self.bottom }
    /// The width of one day's slot.
    public var slot: Double { plotWidth / Double(count) }
    /// The y of the plot's bottom edge.
    public var baseline: Double { Self.top + plotHeight }

    /// The x of the middle of day `index`'s slot.
    public func x(_ index: Int) -> Double { Self.left + (Double(index) + 0.5) * slot }

    /// The y of `value`.
    public func y(_ value: Double) -> Double {
        Self.top + (high - value) / (high - low) * plotHeight
    }

    /// The value drawn at height `y` (the inverse of `y(_:)`).
    public func value(atY y: Double) -> Double { high - (y - Self.top) / plotHeight * (high - low) }

    /// The gridline values from `low` to `high`.
    public var ticks: [Double] {
        let n = Int(((high - low) / step).rounded())
        return (0...max(0, n)).map { low + Double($0) * step }
    }

    /// 1, 2, 2.5 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let power = pow(10, (log10(raw)).rounded(.down))
        for m in [1.0, 2, 2.5, 5, 10] where m * power >= raw { return m * power }
        return 10 * power
    }

    /// An SVG path through the days that have a value; a gap ends the line and the next value
    /// starts a new one (`M … L … M …`), so a missing day is never drawn as a value.
    public func path(_ values: [Double?]) -> String {
        var d = ""
        var drawing = false
        for (i, v) in values.enumerated() {
            guard let v, v.isFinite else {
                drawing = false
                continue
            }
            d += (d.isEmpty ? "" : " ") + (drawing ? "L" : "M") + point(i, v)
            drawing = true
        }
        return d
    }

    /// `x y` of day `index` at `value`, one decimal each.
    public func point(_ index: Int, _ value: Double) -> String {
        ReportText.fixed(x(index)) + " " + ReportText.fixed(y(value))
    }

    /// Days with a value whose neighbours are both gaps: a path alone would not show them.
    public func isolated(_ values: [Double?]) -> [Int] {
        values.indices.filter { i in
            values[i] != nil && (i == 0 || values[i - 1] == nil)
                && (i == values.count - 1 || values[i + 1] == nil)
        }
    }
}
