import CoachKit
import Foundation

extension AthleteCharts {
    /// Days shown in the mood and soreness heat map (the most recent ones of the window).
    public static let wellnessDays = 28

    /// Mood and soreness (ten muscle groups) as a heat map with the numbers printed in the cells.
    public static func wellness(_ data: AthleteReportData) -> ChartSection {
        let n = min(wellnessDays, data.days.count)
        let start = data.days.count - n
        let days = Array(data.days[start...])
        let left = 92.0
        let cellH = 17.0
        let top = 4.0
        let cellW = (ChartFrame.width - left - ChartFrame.right) / Double(n)
        var svg = SVGCanvas(id: "wellness", days: days)
        let rows: [(String, [Int?])] =
            [("mood 1–5", Array(data.mood[start...]))]
            + MuscleGroup.allCases.enumerated().map { g, group in
                (
                    group.rawValue.replacingOccurrences(of: "_", with: " "),
                    Array(data.soreness[g][start...])
                )
            }
        let logged = (0..<n).map { i in rows.contains { $0.1[i] != nil } }
        for (r, row) in rows.enumerated() {
            let y = top + Double(r) * cellH
            svg.add(
                ReportText.tag(
                    "text", ("class", "tick"), ("x", px(left - 6)), ("y", px(y + cellH / 2)),
                    ("text-anchor", "end"), ("dy", "0.32em"), text: row.0))
            for i in 0..<n {
                let x = left + Double(i) * cellW
                let box = [
                    ("x", px(x + 0.5)), ("y", px(y + 0.5)), ("width", px(cellW - 1)),
                    ("height", px(cellH - 1)),
                ]
                guard let v = row.1[i] else {
                    svg.add(
                        ReportText.tag("rect", [("class", logged[i] ? "unrated" : "gapcell")] + box)
                    )
                    continue
                }
                let step = r == 0 ? min(5, max(0, v)) : Palette.heatIndex(v)
                svg.add(ReportText.tag("rect", [("class", "h\(step)")] + box))
                svg.add(
                    ReportText.tag(
                        "text", ("class", "cell ht\(step)"), ("x", px(x + cellW / 2)),
                        ("y", px(y + cellH / 2)), ("text-anchor", "middle"), ("dy", "0.35em"),
                        text: String(v)))
            }
        }
        let base = top + Double(rows.count) * cellH
        let every = max(1, n / 7)
        for (i, d) in days.enumerated() where (n - 1 - i) % every == 0 {
            svg.add(
                ReportText.tag(
                    "text", ("class", "tick"), ("x", px(left + (Double(i) + 0.5) * cellW)),
                    ("y", px(base + 14)), ("text-anchor", "middle"),
                    text: String(d.description.dropFirst(5))))
        }
        let canvasHeight = base + 22
        let moods = rows[0].1.compactMap { $0 }
        var desc =
            "Heat map of mood (1–5) and soreness (0–10) of ten muscle groups over the last \(n) "
            + "days, "
            + "\(days.first?.description ?? "") to \(days.last?.description ?? ""); each cell "
            + "shows its number."
        desc += " Entries on \(logged.filter { $0 }.count) of \(n) days."
        if !moods.isEmpty {
            desc +=
                " Mean mood \(ReportText.fixed(Double(moods.reduce(0, +)) / Double(moods.count)))."
        }
        let sorest = rows.dropFirst().map { ($0.0, $0.1.compactMap { $0 }.max() ?? 0) }.max {
            $0.1 < $1.1
        }
        if let s = sorest, s.1 > 0 { desc += " Highest soreness \(s.1)/10 in \(s.0)." }
        let markup = SVGCanvas.wrap(
            id: "wellness", height: canvasHeight, title: "Mood and soreness heat map",
            description: desc, body: svg.body)
        return ChartSection(
            id: "wellness", title: "Mood and soreness (DOMS)",
            source:
                "wellness log, entries of a day merged as the self-assessment provider merges them",
            svg: markup,
            keys: [
                .init("bar", "h1", "low"), .init("bar", "h3", "medium"),
                .init("bar", "h5", "high (numbers printed in each cell)"),
                .init("bar", "unrated", "group not rated that day"),
                .init("bar", "gapcell", "no entry that day"),
            ],
            note: "Darker means a higher number; the number itself is printed in every cell.")
    }

    /// The plan as a compliance calendar: a week per row, a square per session with a letter.
    public static func plan(_ data: AthleteReportData) -> ChartSection {
        guard let first = data.days.first, let lastDay = data.days.last else {
            return ChartSection(
                id: "plan", title: "Plan compliance", source: "plan and the adherence rules",
                svg: "", keys: [], note: "")
        }
        let monday = first.monday
        let weeks = (lastDay.ordinal - monday.ordinal) / 7 + 1
        let left = 92.0
        let top = 18.0
        let rowH = 24.0
        let colW = (ChartFrame.width - left - ChartFrame.right) / 7
        var body = ""
        for (c, name) in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].enumerated() {
            body +=
                ReportText.tag(
                    "text", ("class", "tick"), ("x", px(left + (Double(c) + 0.5) * colW)),
                    ("y", "12"),
                    ("text-anchor", "middle"), text: name) + "\n"
        }
        var byDay: [Int: [AthleteReportData.PlanCell]] = [:]
        for s in data.sessions { byDay[s.day.ordinal, default: []].append(s) }
        for w in 0..<weeks {
            let y = top + Double(w) * rowH
            let weekStart = monday.adding(days: 7 * w)
            body +=
                ReportText.tag(
                    "text", ("class", "tick"), ("x", px(left - 6)), ("y", px(y + rowH / 2)),
                    ("text-anchor", "end"), ("dy", "0.32em"), text: weekStart.description) + "\n"
            for c in 0..<7 {
                let d = weekStart.adding(days: c)
                let x = left + Double(c) * colW
                let inside = d >= first && d <= lastDay
                body +=
                    ReportText.tag(
                        "rect", ("class", inside ? "daycell" : "outcell"), ("x", px(x + 1)),
                        ("y", px(y + 1)), ("width", px(colW - 2)), ("height", px(rowH - 2))) + "\n"
                for (k, s) in (byDay[d.ordinal] ?? []).prefix(5).enumerated() {
                    let sx = x + 4 + Double(k) * 18
                    let label = "\(d) \(s.title): \(stateText(s))"
                    body += "<g><title>\(ReportText.escape(label))</title>"
                    body += ReportText.tag(
                        "rect", ("class", "sq-\(s.state.rawValue)"), ("x", px(sx)),
                        ("y", px(y + 4)),
                        ("width", "16"), ("height", "16"))
                    body +=
                        ReportText.tag(
                            "text", ("class", "sqtext sqt-\(s.state.rawValue)"), ("x", px(sx + 8)),
                            ("y", px(y + 12)), ("text-anchor", "middle"), ("dy", "0.35em"),
                            text: letter(s.state)) + "</g>\n"
                }
            }
        }
        let height = top + Double(weeks) * rowH + 4
        let counts = AthleteReportData.PlanCell.State.allCases.map { st in
            (st, data.sessions.filter { $0.state == st }.count)
        }
        var desc =
            "Calendar of planned sessions, \(span(data)), one row per week, one square per "
            + "session: "
            + counts.map { "\($0.1) \(stateName($0.0))" }.joined(separator: ", ") + "."
        if data.sessions.isEmpty { desc = "No sessions were planned from \(span(data))." }
        let svg = SVGCanvas.wrap(
            id: "plan", height: height, title: "Plan compliance calendar", description: desc,
            body: body)
        return ChartSection(
            id: "plan", title: "Plan compliance",
            source:
                "plan sessions assessed with the adherence provider's rules (linked or matched "
                + "workouts)",
            svg: svg,
            keys: AthleteReportData.PlanCell.State.allCases.map {
                .init("bar", "sq-\($0.rawValue)", "\(letter($0)) \(stateName($0))")
            },
            note: data.sessions.isEmpty
                ? "No planned sessions in this window."
                : "Hover or focus a square for the session and its adherence.")
    }

    static func px(_ value: Double) -> String { ReportText.fixed(value) }

    static func letter(_ s: AthleteReportData.PlanCell.State) -> String {
        switch s {
        case .green: "G"
        case .yellow: "Y"
        case .red: "R"
        case .missed: "M"
        case .planned: "P"
        }
    }

    static func stateName(_ s: AthleteReportData.PlanCell.State) -> String {
        switch s {
        case .green: "green (0.8–1.2 of plan)"
        case .yellow: "yellow (0.5–0.8 or 1.2–1.5)"
        case .red: "red (further off)"
        case .missed: "missed"
        case .planned: "still planned"
        }
    }

    static func stateText(_ s: AthleteReportData.PlanCell) -> String {
        stateName(s.state) + (s.adherence.map { ", adherence \(ReportText.fixed($0, 0))%" } ?? "")
    }
}
