import CoachKit
import Foundation

extension AthleteCharts {
    /// HRV against its baseline band (top) and resting heart rate (bottom).
    public static func hrv(_ data: AthleteReportData) -> ChartSection {
        var svg = SVGCanvas(id: "hrv", days: data.days)
        let values = (data.hrv + data.hrvLow + data.hrvHigh + data.hrvBaseline).compactMap { $0 }
        let top = ChartFrame(count: data.days.count, values: values, height: 170)
        _ = svg.panel(top, label: "HRV ms")
        svg.range(top, low: data.hrvLow, high: data.hrvHigh, css: "f-teal")
        svg.line(top, data.hrvBaseline, css: "c-teal dash")
        svg.line(top, data.hrv, css: "c-blue hrv")
        svg.endPanel()
        let rhr = ChartFrame(
            count: data.days.count, values: data.restingHR.compactMap { $0 }, height: 120)
        _ = svg.panel(rhr, label: "rest bpm")
        svg.line(rhr, data.restingHR, css: "c-magenta rhr")
        svg.endPanel()
        var desc =
            "Heart-rate variability per day with its baseline and baseline band, and resting "
            + "heart rate below, \(span(data))."
        if let h = last(data.hrv) { desc += " Latest HRV \(ReportText.fixed(h)) ms" }
        if let b = last(data.hrvBaseline) {
            desc += " against a baseline of \(ReportText.fixed(b)) ms"
        }
        if let r = last(data.restingHR) { desc += "; resting HR \(ReportText.fixed(r, 0)) bpm" }
        desc += "." + gaps(data.hrv, what: "HRV") + gaps(data.restingHR, what: "Resting HR")
        return ChartSection(
            id: "hrv", title: "HRV and resting heart rate",
            source:
                "stress provider values hrv and hrv_baseline of each day; resting-HR log (the "
                + "day's last reading)",
            svg: svg.svg(title: "HRV against baseline, and resting heart rate", description: desc),
            keys: [
                .init("line", "c-blue", "HRV (latest reading of the day)"),
                .init("line", "c-teal dash", "baseline (30-day median)"),
                .init("band", "f-teal", "baseline band (± one robust SD of the 30 days before)"),
                .init("line", "c-magenta", "resting HR"),
            ],
            note:
                "The band is the baseline ± MAD / 0.6745 of the 30 readings before each day (at "
                + "least 7 needed)."
        )
    }

    /// Stress per day over its bands.
    public static func stress(_ data: AthleteReportData) -> ChartSection {
        let bands = data.bands["stress"] ?? []
        var svg = SVGCanvas(id: "stress", days: data.days)
        let frame = ChartFrame(count: data.days.count, low: 0, high: 100, step: 25, height: 170)
        _ = svg.panel(frame, label: "points")
        for b in bands { svg.zone(frame, low: b.min, high: b.max + 1, css: tint(b), label: b.name) }
        svg.bars(frame, data.stress, css: "f-purple")
        svg.endPanel()
        var desc =
            "Stress (0–100) per day as bars over its bands "
            + bands.map { "\($0.name) \(Int($0.min))–\(Int($0.max))" }.joined(separator: ", ")
            + ", \(span(data))."
        if let s = last(data.stress) {
            desc +=
                " Latest \(ReportText.fixed(s, 0)) (\(bands.first { $0.contains(s) }?.name ?? ""))."
        }
        desc += gaps(data.stress, what: "Stress")
        return ChartSection(
            id: "stress", title: "Stress", source: "stress provider, score of each day",
            svg: svg.svg(title: "Stress per day with bands", description: desc),
            keys: [.init("bar", "f-purple", "stress score")]
                + bands.map { .init("zone", tint($0), $0.name) },
            note:
                "From the day's latest HRV reading and heart rate against a 30-day baseline; days "
                + "without a reading are blank."
        )
    }

    /// Hours of the main sleep of each night.
    public static func sleep(_ data: AthleteReportData) -> ChartSection {
        var svg = SVGCanvas(id: "sleep", days: data.days)
        let frame = ChartFrame(
            count: data.days.count, values: data.sleepHours.compactMap { $0 }, include: [0],
            height: 150)
        _ = svg.panel(frame, label: "hours")
        svg.bars(frame, data.sleepHours, css: "f-blue")
        svg.endPanel()
        let logged = data.sleepHours.compactMap { $0 }
        var desc = "Hours of the main sleep of the night before each day, \(span(data))."
        if !logged.isEmpty {
            desc +=
                " Mean \(ReportText.fixed(logged.reduce(0, +) / Double(logged.count))) h over "
                + "\(logged.count) nights."
        }
        desc += gaps(data.sleepHours, what: "Sleep")
        return ChartSection(
            id: "sleep", title: "Sleep",
            source: "sleep log: the night's main sleep block, as the readiness provider finds it",
            svg: svg.svg(title: "Sleep per night", description: desc),
            keys: [.init("bar", "f-blue", "hours asleep (main block, 14:00–10:00 window)")],
            note:
                "Overlapping asleep, core, deep and REM records merge; the longest block of the "
                + "night counts."
        )
    }
}
