import CoachKit
import Foundation

extension AthleteCharts {
    /// The performance-management chart: daily TSS bars, CTL and ATL above; form (TSB) below,
    /// over the shaded form zones.
    public static func performance(_ data: AthleteReportData) -> ChartSection {
        let n = data.days.count
        var svg = SVGCanvas(id: "pmc", days: data.days)
        let fit = pmcFrame(data)
        _ = svg.panel(fit, label: "CTL / ATL")
        let load = tssFrame(data)
        svg.bars(load, data.tss, css: "f-grey bar-soft")
        for t in load.ticks {
            svg.add(
                ReportText.tag(
                    "text", ("class", "tick"), ("x", px(ChartFrame.width - 2)),
                    ("y", px(load.y(t))),
                    ("text-anchor", "end"), ("dy", "0.32em"), text: ReportText.fixed(t, 0)))
        }
        svg.add(
            ReportText.tag(
                "text", ("class", "axis"), ("x", px(ChartFrame.width - 2)), ("y", "10"),
                ("text-anchor", "end"), text: "TSS"))
        svg.line(fit, data.ctl, css: "c-blue ctl")
        svg.line(fit, data.atl, css: "c-magenta dash atl")
        svg.endPanel()
        let form = tsbFrame(data)
        _ = svg.panel(form, label: "TSB")
        for z in formZones { svg.zone(form, low: z.low, high: z.high, css: z.css, label: z.name) }
        svg.line(form, data.tsb, css: "c-orange tsb")
        svg.endPanel()

        var desc =
            "Daily training stress (bars, right scale) with fitness (CTL, solid line) and fatigue "
            + "(ATL, dashed line) above, and form (TSB) over the form zones below, \(span(data)), "
            + "\(n) days."
        if let c = last(data.ctl), let a = last(data.atl), let b = last(data.tsb) {
            desc +=
                " Latest: CTL \(ReportText.fixed(c)), ATL \(ReportText.fixed(a)), TSB "
                + "\(ReportText.signed(b))"
            if let zone = formZones.first(where: { b >= $0.low && b < $0.high }) {
                desc += " (\(zone.name))"
            }
            desc += "."
        }
        desc += gaps(data.ctl, what: "Training history")
        return ChartSection(
            id: "pmc", title: "Performance management",
            source: "training-load provider, daily series tss, ctl, atl, tsb",
            svg: svg.svg(title: "Performance management chart", description: desc),
            keys: [
                .init("bar", "f-grey bar-soft", "TSS per day"),
                .init("line", "c-blue", "CTL (fitness)"),
                .init("line", "c-magenta dash", "ATL (fatigue)"),
                .init("line", "c-orange", "TSB (form going into the day)"),
            ]
                + formZones.map { .init("zone", $0.css, "\($0.name) form") },
            note:
                "Form zones: high risk under −30, optimal −30 to −10, grey zone −10 to +5, fresh "
                + "+5 to +25, "
                + "transition above +25. Rest days count 0 TSS; days before the first workout are "
                + "blank."
        )
    }

    /// The frame of the CTL/ATL panel.
    public static func pmcFrame(_ data: AthleteReportData) -> ChartFrame {
        ChartFrame(
            count: data.days.count, values: (data.ctl + data.atl).compactMap { $0 }, include: [0],
            height: 200)
    }

    /// The scale of the TSS bars (drawn in the CTL/ATL panel, right-hand labels).
    public static func tssFrame(_ data: AthleteReportData) -> ChartFrame {
        let top = data.tss.compactMap { $0 }.max() ?? 0
        let step = ChartFrame.niceStep(max(top, 1) / 2)
        return ChartFrame(
            count: data.days.count, low: 0, high: max(step, (top / step).rounded(.up) * step) * 2,
            step: step, height: 200)
    }

    /// The frame of the form (TSB) panel.
    public static func tsbFrame(_ data: AthleteReportData) -> ChartFrame {
        ChartFrame(
            count: data.days.count, values: data.tsb.compactMap { $0 }, include: [-30, 25],
            height: 160)
    }

    /// Readiness (body battery) per day over its zone bands.
    public static func readiness(_ data: AthleteReportData) -> ChartSection {
        let bands = data.bands["readiness"] ?? []
        var svg = SVGCanvas(id: "readiness", days: data.days)
        let frame = ChartFrame(count: data.days.count, low: 0, high: 100, step: 20, height: 180)
        _ = svg.panel(frame, label: "points")
        for b in bands { svg.zone(frame, low: b.min, high: b.max + 1, css: tint(b), label: b.name) }
        svg.line(frame, data.readiness, css: "c-blue readiness")
        svg.endPanel()
        var desc =
            "Readiness (body battery, 0–100) per day, \(span(data)), over its zones "
            + bands.map { "\($0.name) \(Int($0.min))–\(Int($0.max))" }.joined(separator: ", ")
            + "."
        if let r = last(data.readiness) {
            // The day's own band: "Rest" outranks the score's zone while illness is flagged.
            let zone =
                data.metric("readiness")?.band?.name ?? bands.first { $0.contains(r) }?.name ?? ""
            desc += " Latest \(ReportText.fixed(r, 0)) (\(zone))."
        }
        desc += gaps(data.readiness, what: "Readiness")
        return ChartSection(
            id: "readiness", title: "Readiness", source: "readiness provider, score of each day",
            svg: svg.svg(title: "Readiness per day with zone bands", description: desc),
            keys: [.init("line", "c-blue", "readiness score")]
                + bands.map { .init("zone", tint($0), $0.name) },
            note:
                "Each day is scored as it was on that day: form going into the day, nudged by HRV "
                + "and resting heart rate."
        )
    }
}
