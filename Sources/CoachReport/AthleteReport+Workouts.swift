import CoachKit
import CoachViews
import Foundation

extension AthleteReport {
    /// Rows of the workouts table at most.
    static let workoutRows = 10

    /// The weight and distance tiles, in the athlete's units.
    static func bodyTiles(_ data: AthleteReportData) -> [(String, String, String)] {
        let words = MeasureText(data.units)
        var out: [(String, String, String)] = []
        if let w = data.weight {
            var detail = w.count == 1 ? "1 weigh-in" : "\(w.count) weigh-ins"
            if let change = w.change {
                detail += " · \(words.weightChange(change)) on the 7 days before"
            }
            out.append(("Weight 7 d", words.weight(w.average), detail))
        } else {
            out.append(("Weight 7 d", "–", "no weigh-in in 7 days"))
        }
        let week = data.workouts.filter { $0.day.ordinal > data.day.ordinal - 7 }
        let metres = week.compactMap(\.distanceM).reduce(0, +)
        out.append(
            (
                "Distance 7 d", words.distance(metres),
                week.count == 1 ? "1 workout" : "\(week.count) workouts"
            ))
        return out
    }

    /// The window's latest workouts as a table: distance and pace or speed in the athlete's
    /// units.
    static func workoutTable(_ data: AthleteReportData) -> String {
        let words = MeasureText(data.units)
        var out =
            "<section class=\"card\" id=\"workouts\" aria-labelledby=\"workouts-h\">\n<h2 "
            + "id=\"workouts-h\">Latest workouts</h2>\n"
        guard !data.workouts.isEmpty else {
            return out + "<p class=\"note\">No workouts in these days.</p>\n</section>\n"
        }
        let unit = data.units == .imperial ? "miles" : "kilometres"
        out +=
            "<p class=\"source\">Source: the workout log, newest first, in \(unit)</p>\n"
            + "<table class=\"workouts\">\n<thead><tr><th scope=\"col\">Day</th>"
            + "<th scope=\"col\">Workout</th><th scope=\"col\" class=\"num\">Time</th>"
            + "<th scope=\"col\" class=\"num\">Distance</th>"
            + "<th scope=\"col\" class=\"num\">Pace or speed</th></tr></thead>\n<tbody>\n"
        for w in data.workouts.prefix(workoutRows) {
            let name = w.title.map { "\(w.sport.rawValue) · \($0)" } ?? w.sport.rawValue
            let cells = [
                w.elapsedS.map(clock) ?? "–", w.distanceM.map(words.distance) ?? "–",
                words.pace(w.sport, metres: w.distanceM, seconds: w.elapsedS) ?? "–",
            ]
            out +=
                "<tr><td>\(w.day)</td><td>\(ReportText.escape(name))</td>"
                + cells.map { "<td class=\"num\">\(ReportText.escape($0))</td>" }.joined()
                + "</tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }

    /// Seconds as h:mm, with :ss only when there are seconds.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        var text = "\(total / 3600):" + String(format: "%02d", total % 3600 / 60)
        if total % 60 != 0 { text += String(format: ":%02d", total % 60) }
        return text
    }
}
