import CoachApp
import CoachKit
import Foundation

/// Text rendering of the plan views: score lines and the seven-day week grid.
enum PlanRender {
    /// `Adherence: this week 85% · last 28 days 78% · all time 80% (12 counted, 1 missed)`.
    static func scores(_ s: PlanReport.Scores) -> String {
        "Adherence: this week \(percent(s.week)) · last 28 days \(percent(s.last28Days)) · all time \(percent(s.allTime))"
            + " (\(s.counted) counted, \(s.missed) missed)"
    }

    /// A week: heading, its own score, notes and the Monday–Sunday grid (rest days shown);
    /// session ids print as their shortest unique prefix from `ids` when given.
    /// Athlete users (`canPlan` false) are not told to create a week they may not create.
    static func week(
        _ w: PlanReport.Week, ids: [String: String] = [:], canPlan: Bool = true,
        sore: [SoreMuscleWarning] = [], units: UnitSystem = .metric
    ) -> String {
        var out =
            Terminal.bold("Week of \(w.start) – \(w.end)") + (w.title.map { " · " + $0 } ?? "")
            + " (\(w.group))"
        if !w.planned {
            out +=
                "\n"
                + Terminal.dim(
                    canPlan
                        ? "No week planned; create it with 'coach plan week --week \(w.start) --create'."
                        : "No week planned yet; your coach plans the weeks.")
        }
        let counted = w.scores.counted
        out +=
            "\nWeek adherence: \(percent(w.scores.week))"
            + (counted > 0
                ? " over \(counted) past session\(counted == 1 ? "" : "s"), \(w.scores.missed) missed"
                : "")
        if let notes = w.notes { out += "\nNotes: " + notes }
        var rows: [[String]] = []
        for day in w.days {
            // A day with a session on a sore muscle group is marked; the warning is below.
            let label =
                "\(day.weekday) \(day.date)" + (sore.contains { $0.day == day.date } ? " ⚠" : "")
            if day.sessions.isEmpty {
                rows.append([label, "", "", Terminal.dim("rest"), "", "", "", "", ""]); continue
            }
            for (i, s) in day.sessions.enumerated() {
                let p = s.session
                rows.append([
                    i == 0 ? label : "", ids[p.id] ?? p.id, p.time ?? "", p.title,
                    p.sport?.rawValue ?? "",
                    p.plannedDurationS.map { DurationParser.format(Int($0.rounded())) } ?? "",
                    p.plannedTss.map { Render.number($0) } ?? "", percent(s.adherence, empty: ""),
                    compliance(s),
                ])
            }
        }
        let table = Render.table(
            [
                "Day", "ID", "Time", "Session", "Sport", "Duration", "TSS", "Adherence",
                "Compliance",
            ], rows)
        // Rest days leave the last columns empty; drop the padding they would trail.
        out +=
            "\n"
            + table.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(
                separator: "\n")
        if let t = w.totals { out += "\n" + totals(t, units: units) }
        for warning in sore { out += "\n" + soreWarning(warning, athlete: nil) }
        if !w.unplanned.isEmpty {
            out += "\n" + Terminal.bold("Unplanned workouts")
            for u in w.unplanned {
                let parts = [
                    "\(u.date.weekdayName) \(u.date)", ids[u.id] ?? u.id, u.sport.rawValue,
                    u.title ?? "",
                    u.durationS.map { DurationParser.format(Int($0.rounded())) } ?? "",
                    "TSS \(Render.number(u.tss.rounded()))",
                ]
                out += "\n  " + parts.filter { !$0.isEmpty }.joined(separator: "  ")
            }
        }
        return out
    }

    /// `⚠ Wed 2026-11-19: "Squats" loads quads, rated 7/10 on 2026-11-18 (jane).`
    static func soreWarning(_ w: SoreMuscleWarning, athlete: String?) -> String {
        "⚠ \(PlanReport.weekdays[w.day.isoWeekday - 1]) \(w.day): \"\(w.title)\" loads "
            + "\(w.group.rawValue.replacingOccurrences(of: "_", with: " ")), rated \(w.level)/10 "
            + "on \(w.ratedOn)" + (athlete.map { " by \($0)" } ?? "") + "."
    }

    /// `Week totals: planned 4 sessions, 5h15m, TSS 310 · done 2 of 4, 3h5m, 61.0 km, 2,140
    /// kcal, TSS 180 (3 workouts)`; distance in the athlete's units, each left out when zero.
    static func totals(_ t: PlanReport.Totals, units: UnitSystem = .metric) -> String {
        func duration(_ s: Double) -> String {
            s > 0 ? DurationParser.format(Int(s.rounded())) : "0m"
        }
        var words = LogWords(nil)
        words.units = units
        let distance = t.doneDistanceM > 0 ? words.distance(t.doneDistanceM) + ", " : ""
        let kcal = t.doneKcal > 0 ? Render.number(t.doneKcal.rounded()) + " kcal, " : ""
        return
            "Week totals: planned \(t.plannedSessions) session\(t.plannedSessions == 1 ? "" : "s"), "
            + "\(duration(t.plannedDurationS)), TSS \(Render.number(t.plannedTss.rounded()))"
            + " · done \(t.doneSessions) of \(t.plannedSessions), \(duration(t.doneDurationS)), "
            + distance + kcal + "TSS \(Render.number(t.doneTss.rounded()))"
            + " (\(t.workouts) workout\(t.workouts == 1 ? "" : "s"))"
    }

    /// The compliance cell, painted in its TrainingPeaks colour when colour is on.
    static func compliance(_ s: PlanReport.Session) -> String {
        guard let c = s.compliance, let hex = s.complianceHex else {
            return s.status == "planned" ? "planned" : ""
        }
        let text = s.status == "missed" ? "missed" : c
        return Terminal.paint(text, hex: hex)
    }

    static func percent(_ v: Double?, empty: String = "–") -> String {
        v.map { Render.number($0.rounded()) + "%" } ?? empty
    }
}
