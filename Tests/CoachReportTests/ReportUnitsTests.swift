import CoachKit
import CoachMetrics
import CoachReport
import CoachViews
import Foundation
import Testing

/// The athlete report in the athlete's units: distances, weights, paces and speeds.
@Suite struct ReportUnitsTests {
    @Test(
        "Distances, weights, paces and speeds read in the athlete's units",
        arguments: [
            (UnitSystem.metric, Sport.running, 10_000.0, 3000.0, "10.0 km", "5:00 /km"),
            (.imperial, .running, 8046.72, 2700, "5.0 mi", "9:00 /mi"),
            (.metric, .swimming, 1500, 1500, "1.5 km", "1:40 /100 m"),
            (.imperial, .swimming, 1371.6, 1500, "0.9 mi", "1:40 /100 yd"),
            (.metric, .cycling, 40_000, 3600, "40.0 km", "40.0 km/h"),
            (.imperial, .cycling, 32_186.88, 3600, "20.0 mi", "20.0 mph"),
            (.imperial, .walking, 1609.344, 900, "1.0 mi", "15:00 /mi"),
        ])
    func measures(
        units: UnitSystem, sport: Sport, metres: Double, seconds: Double, distance: String,
        pace: String
    ) {
        let words = MeasureText(units)
        #expect(words.distance(metres) == distance)
        #expect(words.pace(sport, metres: metres, seconds: seconds) == pace)
    }

    @Test(
        "Weights and their changes: kg or lb, with a minus sign and never −0.0",
        arguments: [
            (UnitSystem.metric, 61.0, -0.42, "61.0 kg", "−0.4 kg"),
            (.imperial, 61.0, -0.42, "134.5 lb", "−0.9 lb"),
            (.imperial, 45.359237, 0.02, "100.0 lb", "+0.0 lb"),
            (.metric, 70.04, -0.01, "70.0 kg", "+0.0 kg"),
        ])
    func weights(units: UnitSystem, kg: Double, change: Double, weight: String, delta: String) {
        let words = MeasureText(units)
        #expect(words.weight(kg) == weight)
        #expect(words.weightChange(change) == delta)
    }

    @Test("A pace needs a positive distance and duration")
    func noPace() {
        let words = MeasureText(.metric)
        #expect(words.pace(.running, metres: nil, seconds: 60) == nil)
        #expect(words.pace(.running, metres: 0, seconds: 60) == nil)
        #expect(words.pace(.cycling, metres: 1000, seconds: 0) == nil)
    }

    /// The report fixture's athlete, in `units`.
    static func page(_ units: UnitSystem) throws -> (AthleteReportData, String) {
        var dataset = try ReportFixture.dataset()
        dataset.athlete.units = units
        let data = try AthleteReportData(
            MetricEvaluation(dataset), at: ReportFixture.moment, days: 30)
        return (data, AthleteReport.html(data))
    }

    @Test("An imperial athlete's report has miles, pounds and minutes per mile, no km or kg")
    func imperialPage() throws {
        let (data, page) = try Self.page(.imperial)
        let run = try #require(data.workouts.first { $0.sport == .running })
        let metres = try #require(run.distanceM)
        let seconds = try #require(run.elapsedS)
        let perMile = Int((seconds / metres * 1609.344).rounded())
        let row =
            "<td>\(run.day)</td><td>running</td><td class=\"num\">"
            + "\(Int(seconds) / 3600):\(String(format: "%02d", Int(seconds) % 3600 / 60))</td>"
            + "<td class=\"num\">\(String(format: "%.1f mi", metres / 1609.344))</td>"
            + "<td class=\"num\">\(perMile / 60):\(String(format: "%02d", perMile % 60)) /mi</td>"
        #expect(page.contains(row), "no '\(row)'")
        let weight = try #require(data.weight)
        #expect(
            page.contains(
                "<span class=\"sub\">Weight 7 d</span><b>"
                    + String(format: "%.1f lb", weight.average / 0.45359237) + "</b>"))
        for metric in [" km<", " kg<", " kg ", "/km<", "km/h"] {
            #expect(!page.contains(metric), "'\(metric)' on an imperial page")
        }
        let (_, metricPage) = try Self.page(.metric)
        #expect(metricPage.contains(" km<") && !metricPage.contains(" mi<"))
    }

    @Test("Without weigh-ins or workouts the tiles say so, and the table is a note")
    func empty() throws {
        let profile = AthleteProfile(handle: "new", name: "New Athlete", timeZone: "UTC")
        let data = try AthleteReportData(
            MetricEvaluation(AthleteDataset(athlete: profile)), at: ReportFixture.moment, days: 7)
        let page = AthleteReport.html(data)
        #expect(page.contains("<b>–</b><span class=\"sub\">no weigh-in in 7 days</span>"))
        #expect(page.contains("<b>0.0 km</b><span class=\"sub\">0 workouts</span>"))
        #expect(page.contains("No workouts in these days."))
    }
}
