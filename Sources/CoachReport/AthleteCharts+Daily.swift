import CoachKit
import Foundation

extension AthleteCharts {
    /// Steps against the goal in force, met days solid and missed days hatched; bonus days marked.
    public static func steps(_ data: AthleteReportData) -> ChartSection {
        var svg = SVGCanvas(id: "steps", days: data.days)
        let values = (data.steps + data.stepGoal).compactMap { $0 }
        let frame = ChartFrame(count: data.days.count, values: values, include: [0], height: 180)
        _ = svg.panel(frame, label: "steps")
        svg.bars(frame, data.steps, css: "f-green") { i in
            if let s = data.steps[i], let g = data.stepGoal[i], s >= g { return "f-green" }
            return "hatch-green"
        }
        svg.line(frame, data.stepGoal, css: "c-text dash goal")
        let banked = data.bonusDays.indices.filter { i in
            guard i > 0, let b = data.bonusDays[i], let p = data.bonusDays[i - 1] else {
                return false
            }
            return b > p
        }
        svg.markers(frame, banked, glyph: "★", css: "f-amber", y: ChartFrame.top + 8)
        svg.endPanel()
        let met = data.steps.indices.filter { i in
            guard let s = data.steps[i], let g = data.stepGoal[i] else { return false }
            return s >= g
        }.count
        var desc =
            "Steps per day against the step goal (dashed line), \(span(data)). Goal met on \(met) "
            + "days."
        if let s = last(data.streak) { desc += " Current streak \(ReportText.fixed(s, 0)) days" }
        if let b = last(data.bonusDays) { desc += ", \(ReportText.fixed(b, 0)) bonus days banked" }
        desc += "; a star marks each day a bonus day was banked." + gaps(data.steps, what: "Steps")
        return ChartSection(
            id: "steps", title: "Steps",
            source: "steps log; goal, streak and bonus days from the activity provider",
            svg: svg.svg(title: "Steps against the goal", description: desc),
            keys: [
                .init("bar", "f-green", "goal met"),
                .init("bar", "hatch-green", "goal not met (hatched)"),
                .init("line", "c-text dash", "goal in force"),
                .init("glyph:★", "f-amber", "bonus day banked"),
            ],
            note: "Streak \(last(data.streak).map { ReportText.fixed($0, 0) } ?? "–") days, "
                + "bonus days \(last(data.bonusDays).map { ReportText.fixed($0, 0) } ?? "–"). "
                + "Days without a steps entry are blank."
        )
    }

    /// Energy and protein against their targets, with the energy-availability flag.
    public static func nutrition(_ data: AthleteReportData) -> ChartSection {
        var svg = SVGCanvas(id: "nutrition", days: data.days)
        let kcal = ChartFrame(
            count: data.days.count, values: (data.kcal + data.kcalTarget).compactMap { $0 },
            include: [0], height: 170)
        _ = svg.panel(kcal, label: "kcal")
        svg.bars(kcal, data.kcal, css: "f-orange")
        svg.line(kcal, data.kcalTarget, css: "c-text dash target")
        let flagged = data.lowEnergyAvailability.indices.filter { data.lowEnergyAvailability[$0] }
        svg.markers(kcal, flagged, glyph: "!", css: "f-red", y: ChartFrame.top + 8)
        svg.endPanel()
        let protein = ChartFrame(
            count: data.days.count, values: (data.protein + data.proteinTarget).compactMap { $0 },
            include: [0], height: 130)
        _ = svg.panel(protein, label: "protein g")
        svg.bars(protein, data.protein, css: "f-teal")
        svg.line(protein, data.proteinTarget, css: "c-text dash target")
        svg.endPanel()
        var desc =
            "Energy eaten per day (kcal) against the day's target, and protein (g) against its "
            + "target, \(span(data))."
        desc += " Low energy availability flagged on \(flagged.count) days (exclamation mark)."
        if let k = last(data.kcalTarget), let p = last(data.proteinTarget) {
            desc +=
                " Latest targets \(ReportText.fixed(k, 0)) kcal and \(ReportText.fixed(p, 0)) g "
                + "protein."
        }
        desc += gaps(data.kcal, what: "Food")
        return ChartSection(
            id: "nutrition", title: "Energy and protein",
            source:
                "nutrition provider values kcal_today, kcal_target, protein_today, protein_target "
                + "and its low_energy_availability flag",
            svg: svg.svg(title: "Energy and protein against target", description: desc),
            keys: [
                .init("bar", "f-orange", "kcal eaten"), .init("bar", "f-teal", "protein eaten"),
                .init("line", "c-text dash", "target"),
                .init("glyph:!", "f-red", "low energy availability (< 30 kcal/kg FFM)"),
            ],
            note: "Days without food entries are blank, not zero.")
    }
}
