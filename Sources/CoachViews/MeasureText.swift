import CoachKit
import Foundation

/// Distances, weights, paces and speeds in words, in one athlete's units.
///
/// Front-end neutral: the HTML report and any other view print the same figures. Metric reads
/// km, kg, min/km, min/100 m and km/h; imperial reads mi, lb, min/mi, min/100 yd and mph.
public struct MeasureText: Sendable, Equatable {
    /// The athlete's units.
    public var units: UnitSystem

    /// Words in `units`.
    public init(_ units: UnitSystem) { self.units = units }

    /// "12.3 km" or "7.6 mi".
    public func distance(_ metres: Double) -> String {
        units == .imperial
            ? String(format: "%.1f mi", metres / 1609.344)
            : String(format: "%.1f km", metres / 1000)
    }

    /// "61.4 kg" or "135.4 lb".
    public func weight(_ kg: Double) -> String {
        String(format: "%.1f ", units == .imperial ? kg / 0.45359237 : kg) + weightUnit
    }

    /// A change of weight with its sign: "+0.4 kg", "−0.9 lb" (a minus sign, never "-0.0").
    public func weightChange(_ kg: Double) -> String {
        let value = units == .imperial ? kg / 0.45359237 : kg
        let rounded = (value * 10).rounded() / 10 + 0
        return String(format: "%+.1f ", rounded).replacingOccurrences(of: "-", with: "−")
            + weightUnit
    }

    /// "kg" or "lb".
    public var weightUnit: String { units == .imperial ? "lb" : "kg" }

    /// How fast a workout went, as its sport reads it: pace per km or mile on foot, per 100 m
    /// or 100 yd in the water, speed in km/h or mph otherwise.
    ///
    /// - Returns: nil without a positive distance and duration.
    public func pace(_ sport: Sport, metres: Double?, seconds: Double?) -> String? {
        guard let metres, let seconds, metres > 0, seconds > 0 else { return nil }
        let imperial = units == .imperial
        switch sport {
        case .running, .walking:
            let per = imperial ? 1609.344 : 1000
            return Pace.format(seconds / metres * per) + (imperial ? " /mi" : " /km")
        case .swimming:
            let per = imperial ? 91.44 : 100
            return Pace.format(seconds / metres * per) + (imperial ? " /100 yd" : " /100 m")
        default:
            let perHour = metres / seconds * 3600
            return imperial
                ? String(format: "%.1f mph", perHour / 1609.344)
                : String(format: "%.1f km/h", perHour / 1000)
        }
    }
}
