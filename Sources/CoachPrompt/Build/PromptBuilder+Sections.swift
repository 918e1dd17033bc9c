import CoachKit
import Foundation

extension PromptBuilder {
    /// Section 5: last week, this week and next week with each session's assessment.
    func plan() -> PromptSectionBody {
        var b = PromptSectionBody(
            .plan,
            source: "The stored program; status, adherence and compliance of past "
                + "sessions come from the adherence provider matching them to logged workouts.")
        for label in ["last week", "this week", "next week"] {
            guard let w = input.weeks.first(where: { $0.label == label }) else {
                b.missing.append("\(label): no plan stored")
                continue
            }
            var title = "\(label.prefix(1).uppercased())\(label.dropFirst()), from \(w.start)"
            if let t = w.title, !t.isEmpty { title += ": " + Text.cell(t) }
            if let a = w.adherence { title += " (adherence " + Text.num(a) + " %)" }
            if !options.redact, let n = w.notes, !n.isEmpty {
                b.lines.append("Notes for \(label): " + Text.cell(n))
            }
            let rows = w.sessions.map { s -> [String] in
                let p = s.session
                var title = p.title
                if let d = p.detail, !d.isEmpty { title += " — " + d }
                if !options.redact, let n = p.notes, !n.isEmpty { title += " (notes: \(n))" }
                return [
                    "\(p.date) \(p.date.weekdayName)", p.sport?.rawValue ?? Text.none,
                    Text.cell(title),
                    Text.duration(p.plannedDurationS), Text.num(p.plannedTss), s.status,
                    Text.num(s.adherence), s.compliance ?? Text.none, p.origin.rawValue,
                ]
            }
            if rows.isEmpty { b.missing.append("\(label): the week has no sessions") }
            b.tables.append(
                PromptTable(
                    id: label.replacingOccurrences(of: " ", with: "_"), title: title,
                    columns: [
                        "day", "sport", "session", "planned h:mm", "planned TSS", "status",
                        "adherence %",
                        "compliance", "by",
                    ],
                    rows: rows))
        }
        return b
    }

    /// Section 6: workouts of the window and, unredacted, the wellness notes.
    func workouts() -> PromptSectionBody {
        var b = PromptSectionBody(
            .workouts,
            source: "Logged workouts of the last \(options.days) days; TSS "
                + "by the first method with inputs: device, power, pace, heart_rate, rpe.")
        let rows = input.workouts.map { w -> [String] in
            let o = w.workout
            var label = o.sport.rawValue
            if !options.redact, let t = o.title, !t.isEmpty { label += ": " + Text.cell(t) }
            var key: [String] = []
            if let d = o.distanceM { key.append(Text.num(d / 1000, 1) + " km") }
            if let p = o.avgPowerW { key.append("avg " + Text.num(p) + " W") }
            if let np = o.npW { key.append("NP " + Text.num(np) + " W") }
            if let hr = o.avgHrBpm { key.append("avg HR " + Text.num(hr)) }
            if let kcal = o.kcal { key.append(Text.num(kcal) + " kcal") }
            return [
                "\(w.day)", label, Text.duration(o.elapsedS ?? o.movingS), Text.num(w.tss),
                w.tssMethod ?? Text.none, o.rpe.map(String.init) ?? Text.none,
                key.isEmpty ? Text.none : key.joined(separator: ", "),
            ]
        }
        b.tables.append(
            PromptTable(
                id: "workouts", title: "Workouts, oldest first",
                columns: ["day", "sport", "h:mm", "TSS", "TSS method", "RPE", "key numbers"],
                rows: rows))
        if rows.isEmpty { b.missing.append("no workouts logged in the window") }
        let noRPE = input.workouts.filter { $0.workout.rpe == nil }.count
        if noRPE > 0 { b.missing.append("\(noRPE) of \(rows.count) workouts without RPE") }
        let noted = input.wellness.filter { !($0.notes ?? "").isEmpty }
        if options.redact {
            if !noted.isEmpty {
                b.lines.append("Wellness notes withheld by redaction: \(noted.count) days.")
            }
        } else {
            b.tables.append(
                PromptTable(
                    id: "wellness_notes", title: "Wellness notes, oldest first",
                    columns: ["day", "note"],
                    rows: noted.map { ["\($0.day)", Text.cell($0.notes!)] }))
        }
        return b
    }

    /// Section 7: what is missing or stale.
    func gaps() -> PromptSectionBody {
        var b = PromptSectionBody(
            .gaps,
            source: "The newest day each kind of data was logged, against "
                + "\(input.today); and the thresholds the athlete's sports need.")
        let kinds: [(String, String)] = [
            ("hrv", "HRV"), ("resting_hr", "resting heart rate"),
            ("sleep", "sleep"), ("wellness", "mood and soreness"),
            ("workout", "workouts"), ("food", "food"), ("weight", "weight"),
            ("steps", "steps"),
        ]
        for (key, name) in kinds {
            guard let last = input.lastLogged[key] else {
                b.lines.append("No \(name) ever logged.")
                continue
            }
            let age = last.days(to: input.today)
            if age >= 2 { b.lines.append("No \(name) for \(age) days (last on \(last)).") }
        }
        var missing: [String] = []
        _ = thresholdFacts(&missing)
        for m in missing { b.lines.append("\(m) is not set.") }
        if input.profile.sex == nil { b.lines.append("Sex is not set (heart-rate TSS uses it).") }
        if b.lines.isEmpty { b.lines.append("Nothing missing or stale.") }
        return b
    }

    /// Section 8: the coach's question and the response contract.
    func question() -> PromptSectionBody {
        var b = PromptSectionBody(
            .question,
            source: "The coach's question as typed; the schema is the "
                + "contract coach checks a suggested plan against before applying it.")
        if let q = options.question?.trimmingCharacters(in: .whitespacesAndNewlines), !q.isEmpty {
            b.lines.append("Question: " + q)
        } else {
            b.lines.append(
                "Question: none given. Review the athlete's state and suggest next week's training."
            )
            b.missing.append("the coach asked no question")
        }
        b.lines += [
            "To suggest training, include exactly one JSON object that validates against the "
                + "response schema below. Echo athlete_ref \"\(input.athleteRef)\" and "
                + "export_ref \"\(input.exportRef)\".",
            "Only days from \(input.today) on can be planned; a day you list replaces that day's "
                + "planned sessions (an empty sessions list makes it a rest day). Sessions already "
                + "done are never replaced.",
        ]
        b.facts = [
            PromptFact("athlete_ref", input.athleteRef), PromptFact("export_ref", input.exportRef),
        ]
        return b
    }
}
