import CoachApp
import CoachKit
import CoachViews

/// Renders the "Today" view: body battery gauge, form, suggested load, the week, a card per metric.
enum DashboardText {
    ///
    /// - Parameters:
    ///   - d: the dashboard.
    ///   - sessions: the sessions planned on its day, listed under the suggested load when given.
    static func render(_ d: Dashboard, sessions: [BriefSession]? = nil) -> String {
        var out = [Terminal.bold("\(d.name) · \(d.day.weekdayName) \(d.day)")]
        if let r = d.metric("readiness") {
            if let score = r.score {
                out.append(
                    "Body battery  "
                        + Terminal.paint(Charts.gauge(Double(score)), hex: r.band?.colour)
                        + "  " + Terminal.bold("\(score)") + "  "
                        + Terminal.paint(r.band?.name ?? "", hex: r.band?.colour))
            } else {
                out.append("Body battery  " + Terminal.dim("not yet: " + (r.reason ?? "no score")))
            }
            out.append("Today         " + suggestion(r))
        }
        if let sessions {
            out.append(
                "Planned       "
                    + (sessions.isEmpty
                        ? Terminal.dim("nothing planned")
                        : sessions.map(planned).joined(separator: " · ")))
        }
        if let t = d.metric("training-load"), t.status == .ok {
            // TSB is form going into the day (yesterday's CTL − ATL); CTL, ATL and ramp are after today's
            // training, so the three numbers are of different days and say so (issue 12, item 11).
            out.append(
                "Form          TSB \(MetricFormat.optional(t.number("tsb")))  "
                    + Terminal.dim("going into today: yesterday's fitness − fatigue"))
            out.append(
                "Load          fitness CTL \(MetricFormat.optional(t.number("ctl")))   fatigue ATL "
                    + "\(MetricFormat.optional(t.number("atl")))   ramp \(t.number("ramp").map { MetricFormat.signed($0) } ?? "–")  "
                    + Terminal.dim("after today's training; ramp = CTL vs 7 days ago"))
        }
        let week = d.readinessWeek.map(\.value)
        out.append(
            "Last 7 days   " + Charts.sparkline(week, lower: 0, upper: 100) + "  "
                + Terminal.dim(
                    week.map { $0.map { String(Int($0)) } ?? "–" }.joined(separator: " ")))
        out.append("")
        let cards = d.metrics.filter { $0.id != "readiness" }
        let width = cards.map { Self.label($0).count }.max() ?? 0
        for r in cards { out.append(card(r, width: width)) }
        return out.joined(separator: "\n")
    }

    /// A planned session as "Threshold 3x12 (cycling, 1h15m, 85 TSS) done".
    static func planned(_ s: BriefSession) -> String {
        let length = s.plannedDurationS.map { DurationParser.format(Int($0.rounded())) }
        let stress = s.plannedTss.map { "\(Int($0.rounded())) TSS" }
        let facts = [s.time, s.sport?.rawValue, length, stress].compactMap { $0 }
        return s.title + (facts.isEmpty ? "" : " (\(facts.joined(separator: ", ")))")
            + (s.done ? " " + Terminal.paint("done", hex: "#38A169") : "")
    }

    /// The suggested training load of the day, or why there is none.
    static func suggestion(_ r: MetricResult) -> String {
        if r.flags.contains("possible_illness") {
            return Terminal.paint(
                "rest day suggested: HRV low and resting HR high (possible illness)", hex: "#E53E3E"
            )
        }
        guard r.status == .ok else { return Terminal.dim("no suggestion") }
        guard let lo = r.number("tss_low"), let hi = r.number("tss_high") else {
            return Terminal.dim("no TSS range yet: too little training history")
        }
        return "suggested load \(MetricFormat.fixed(lo, 0))–\(MetricFormat.fixed(hi, 0)) TSS"
    }

    /// One metric as a line: name, score, band, and its first sentence or the reason it has no score.
    static func card(_ r: MetricResult, width: Int) -> String {
        let name = label(r).padding(toLength: width, withPad: " ", startingAt: 0)
        let score = (r.score.map(String.init) ?? "–").leftPadded(to: 3)
        let band = Terminal.paint(
            (r.band?.name ?? r.status.rawValue.replacingOccurrences(of: "_", with: " ")).padding(
                toLength: 17, withPad: " ", startingAt: 0),
            hex: r.band?.colour)
        var note = r.status == .ok ? firstSentence(r.explanation) : (r.reason ?? "")
        if !r.flags.isEmpty {
            note =
                Terminal.paint("⚑ " + r.flags.joined(separator: ", "), hex: "#E53E3E") + "  " + note
        }
        return "  \(Terminal.bold(name))  \(score)  \(band)  \(Terminal.dim(note))"
    }

    /// A metric's name as shown: its id, marked when a plugin computed it.
    static func label(_ r: MetricResult) -> String {
        r.plugin == nil ? r.id : "\(r.id) (plugin \(r.plugin!.id) \(r.plugin!.version))"
    }

    static func firstSentence(_ text: String, limit: Int = 72) -> String {
        let sentence = text.split(separator: ". ", maxSplits: 1).first.map(String.init) ?? text
        return sentence.count > limit ? String(sentence.prefix(limit - 1)) + "…" : sentence
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
