import CoachKit
import CoachProviders

/// Renders `coach team` rows as a table.
enum TeamText {
    static func render(_ rows: [TeamRow]) -> String {
        guard !rows.isEmpty else { return "No athletes to show." }
        return Render.table(
            ["ATHLETE", "READINESS", "FORM", "STRESS", "ADHERENCE 28D", "SELF", "FLAGS"],
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
                    r.flags.isEmpty
                        ? "" : Terminal.paint(r.flags.joined(separator: ", "), hex: "#E53E3E"),
                ]
            })
    }
}
