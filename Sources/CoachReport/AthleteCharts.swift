import CoachKit
import Foundation

/// The athlete report's charts, one function per chart (see the `AthleteCharts+…` files).
///
/// Every chart takes the gathered `AthleteReportData` and returns a `ChartSection`; none
/// computes a metric of its own.
public enum AthleteCharts {
    /// The form (TSB) zones shaded behind the form line, as intervals.icu draws them.
    public static let formZones: [(name: String, low: Double, high: Double, css: String)] = [
        ("High risk", -1000, -30, "z-red"), ("Optimal", -30, -10, "z-green"),
        ("Grey zone", -10, 5, "z-grey"),
        ("Fresh", 5, 25, "z-blue"), ("Transition", 25, 1000, "z-purple"),
    ]

    /// Tints for a provider's bands, lowest band first (the label names the band).
    static let bandTints = ["z-red", "z-orange", "z-amber", "z-green", "z-blue", "z-purple"]

    /// The tint of band `name`, taken from the band's own colour family.
    static func tint(_ band: MetricBand) -> String {
        switch band.colour.uppercased() {
        case "#E53E3E": "z-red"
        case "#DD6B20": "z-orange"
        case "#D69E2E": "z-amber"
        case "#38A169": "z-green"
        case "#3182CE", "#63B3ED": "z-blue"
        case "#805AD5": "z-purple"
        default: "z-grey"
        }
    }

    /// "N of M days have no data" or an empty string.
    static func gaps(_ values: [Double?], what: String) -> String {
        let missing = values.filter { $0 == nil }.count
        return missing == 0
            ? "" : " \(what): no data on \(missing) of \(values.count) days (left blank)."
    }

    /// The first and last day of the window as text.
    static func span(_ data: AthleteReportData) -> String {
        "\(data.days.first?.description ?? "") to \(data.days.last?.description ?? "")"
    }

    /// The last non-nil value.
    static func last(_ values: [Double?]) -> Double? { values.last { $0 != nil } ?? nil }

    /// Every chart of the athlete report, in page order.
    public static func all(_ data: AthleteReportData) -> [ChartSection] {
        [
            performance(data), readiness(data), hrv(data), stress(data), sleep(data), steps(data),
            nutrition(data), wellness(data), plan(data),
        ]
    }
}
