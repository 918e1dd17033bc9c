import CoachKit
import CoachProviders

/// Renders `coach team` rows as a table.
enum TeamText {
    static func render(_ rows: [TeamRow]) -> String {
        guard !rows.isEmpty else { return "No athletes to show." }
        return Render.table(
            [
                "ATHLETE", "READINESS", "FORM", "STRESS", "ADH 28D", "SELF", "CHECK-IN",
                "MOOD", "SOREST", "FLAGS",
            ],
            rows.map { r in
                [
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
                    r.flags.isEmpty
                        ? "" : Terminal.paint(r.flags.joined(separator: ", "), hex: "#E53E3E"),
                ]
            })
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
