import CoachKit
import CoachViews

/// Renders `coach team` rows as a table.
enum TeamText {
    static func render(_ rows: [TeamRow]) -> String {
        guard !rows.isEmpty else { return "No athletes to show." }
        // One column per plugin metric, in the order the first row has them.
        let pluginIDs = rows.first?.plugins.map(\.id) ?? []
        let header =
            [
                "ATHLETE", "READINESS", "FORM", "STRESS", "ADH 28D", "SELF", "CHECK-IN",
                "MOOD", "SOREST",
            ] + pluginIDs.map { $0.uppercased() + " (PLUGIN)" } + ["FLAGS"]
        // On a narrow terminal the least useful columns go first: self-assessment, mood, the
        // plugins' scores, form, adherence, stress, the check-in day, soreness. The athlete,
        // readiness and the flags stay; the flags wrap rather than being cut.
        let plugins = Array(9..<(9 + pluginIDs.count))
        let dropOrder = [5, 7] + plugins + [2, 4, 3, 6, 8]
        let table = Render.prioritisedTable(
            header,
            rows.map { r in
                let plugins = pluginIDs.map { id -> String in
                    guard let p = r.plugins.first(where: { $0.id == id }) else { return "–" }
                    if p.status == .error { return Terminal.paint("error", hex: "#E53E3E") }
                    return p.score.map {
                        Terminal.paint("\($0) \(p.band?.name ?? "")", hex: p.band?.colour)
                    } ?? "–"
                }
                return [
                    r.handle,
                    r.readiness.map {
                        Terminal.paint("\($0) \(r.zone?.name ?? "")", hex: r.zone?.colour)
                    } ?? "–",
                    r.form.map { MetricFormat.signed($0) } ?? "–",
                    r.stress.map {
                        Terminal.paint(
                            "\($0) \(r.stressBand?.name ?? "")", hex: r.stressBand?.colour)
                    } ?? "–",
                    r.adherence28d.map { Render.number($0, digits: 0) + "%" } ?? "–",
                    r.selfAssessment.map(String.init) ?? "–",
                    r.lastCheckIn.map { checkIn($0, day: r.day) } ?? "never",
                    r.mood.map { "\($0)/5" } ?? "–",
                    r.worstSoreness.map { sorest($0) } ?? "–",
                ] + plugins + [flags(r)]
            }, dropOrder: dropOrder, limit: Render.width)
        // A failed plugin's reason once, under the table (the same for every athlete).
        var reasons: [String] = []
        for p in rows.flatMap(\.plugins) where p.status == .error {
            let line = p.reason ?? "plugin '\(p.plugin.id)' failed"
            if !reasons.contains(line) { reasons.append(line) }
        }
        return ([table] + reasons.map { Terminal.paint("error: " + $0, hex: "#E53E3E") })
            .joined(separator: "\n")
    }

    /// The row's flags in red, or nothing.
    static func flags(_ r: TeamRow) -> String {
        r.flags.isEmpty ? "" : Terminal.paint(r.flags.joined(separator: ", "), hex: "#E53E3E")
    }

    /// `today`, `yesterday`, `3d ago`.
    static func checkIn(_ last: LocalDay, day: LocalDay) -> String {
        switch day.ordinal - last.ordinal {
        case 0: "today"
        case 1: "yesterday"
        case let n: "\(n)d ago"
        }
    }

    /// `quads 9`, painted red at the severe-soreness level.
    static func sorest(_ s: TeamRow.Soreness) -> String {
        let text = "\(s.group) \(s.level)"
        return s.level >= TeamRow.severeSoreness ? Terminal.paint(text, hex: "#E53E3E") : text
    }
}
