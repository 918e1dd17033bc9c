import CoachKit
import Foundation

/// Builds the context object of one export from its input: the eight sections, redacted unless
/// asked otherwise.
///
/// Pure: the same input and options give the same document.
public struct PromptBuilder: Sendable {
    public let input: PromptInput
    public let options: PromptOptions

    /// A builder of `input` shaped by `options`.
    public init(input: PromptInput, options: PromptOptions) {
        self.input = input
        self.options = options
    }

    /// The name the export uses for the athlete.
    var athleteName: String {
        options.redact ? "Athlete 1" : "\(input.profile.name) (\(input.profile.handle))"
    }

    /// The whole document, before any trimming for the token budget.
    public func document() -> PromptDocument {
        var sections = options.orderedSections.map(body)
        if options.redact { sections = sections.map(Redactor(texts: input.privateTexts).scrub) }
        let omitted = PromptSection.allCases.filter { !options.orderedSections.contains($0) }
            .map { "\($0.rawValue). \($0.title)" }
        return PromptDocument(
            athlete: athleteName, athleteRef: input.athleteRef, exportRef: input.exportRef,
            asOf: input.today.description, redacted: options.redact, notice: notice,
            omitted: omitted, trimmed: [], maxTokens: options.maxTokens,
            sections: sections, responseSchema: SuggestedPlanSchema.schema(for: input))
    }

    /// The privacy notice at the top of every export.
    var notice: String {
        if options.redact {
            return
                "Redacted export: the athlete is called \"Athlete 1\"; name, e-mail, birth date, "
                + "time zone, free-text notes, workout titles and locations are withheld; "
                + "age is a 5-year band."
        }
        return
            "NOT REDACTED: this export includes the athlete's name, e-mail, birth date, time zone, "
            + "free-text notes and locations. Share it only where the athlete agreed it may go."
    }

    /// The body of one section.
    func body(_ section: PromptSection) -> PromptSectionBody {
        switch section {
        case .role: role()
        case .athlete: athlete()
        case .today: today()
        case .trends: trends()
        case .plan: plan()
        case .workouts: workouts()
        case .gaps: gaps()
        case .question: question()
        }
    }

    /// Section 1: the assistant's role and rules.
    func role() -> PromptSectionBody {
        var b = PromptSectionBody(.role, source: "Fixed rules written by coach for every export.")
        b.lines = [
            "You assist a human coach who is responsible for \(athleteName). You advise the coach; "
                + "you do not talk to the athlete.",
            "Use only the data in this export. Do not assume values that are not given.",
            "Name the metric, table or row behind every claim "
                + "(for example \"training-load: TSB -12\").",
            "When data is missing or stale (section 7), say so and say how it limits your answer.",
            "Give no medical diagnosis. A `possible_illness` flag or a red-flag symptom "
                + "(chest pain, fainting, unusual breathlessness, injury pain) means: rest, "
                + "and see a health professional.",
            "Answer the coach's question in section 8. When you suggest training, add exactly "
                + "one JSON object that follows the response schema of section 8, echoing its "
                + "athlete_ref and export_ref, and no other JSON object.",
        ]
        return b
    }

    /// Section 2: the athlete, redacted unless asked otherwise.
    func athlete() -> PromptSectionBody {
        let p = input.profile
        var b = PromptSectionBody(.athlete, source: "The athlete's profile as stored in coach.")
        var facts = [PromptFact("Athlete", athleteName)]
        if let age = p.age(on: input.today) {
            facts.append(
                options.redact
                    ? PromptFact("Age band", Text.ageBand(age))
                    : PromptFact("Age", "\(age) (born \(p.birthDate!.description))"))
        } else {
            b.missing.append("birth date (no age band)")
        }
        if !options.redact {
            facts.append(PromptFact("E-mail", p.email ?? Text.none))
            facts.append(PromptFact("Time zone", p.timeZone))
        }
        facts.append(PromptFact("Sex", p.sex?.rawValue ?? Text.none))
        if p.sex == nil { b.missing.append("sex") }
        facts.append(
            PromptFact(
                "Sports",
                p.sports.isEmpty ? Text.none : p.sports.map(\.rawValue).joined(separator: ", ")))
        facts.append(PromptFact("Units", p.units.rawValue))
        facts.append(PromptFact("Height", p.heightCm.map { Text.num($0) + " cm" } ?? Text.none))
        facts.append(PromptFact("Weight", p.weightKg.map { Text.num($0, 1) + " kg" } ?? Text.none))
        if let bf = p.bodyFatPct { facts.append(PromptFact("Body fat", Text.num(bf, 1) + " %")) }
        facts += thresholdFacts(&b.missing)
        let n = p.nutrition
        var goal = n.goal.rawValue
        if n.weeklyChangeKg != 0 { goal += ", " + Text.num(n.weeklyChangeKg, 2) + " kg/week" }
        if let w = n.targetWeightKg { goal += ", target " + Text.num(w, 1) + " kg" }
        if let d = n.targetDate { goal += " by \(d)" }
        facts.append(PromptFact("Body-weight goal", goal))
        facts.append(PromptFact("Activity level", n.activityLevel.rawValue))
        if let steps = p.activity.goal(for: input.today) {
            facts.append(PromptFact("Daily step goal", "\(steps)"))
        }
        b.facts = facts
        let notes: [(String, String?)] = [
            ("Goals", p.notes.goals), ("Strengths", p.notes.strengths),
            ("Weaknesses", p.notes.weaknesses), ("Equipment", p.notes.equipment),
            ("Location access", p.notes.locations),
            ("Schedule constraints", p.notes.schedule),
        ]
        let present = notes.filter { !($0.1 ?? "").isEmpty }
        if options.redact {
            if !present.isEmpty {
                b.lines.append(
                    "Withheld by redaction (free text the coach wrote): "
                        + present.map { $0.0.lowercased() }.joined(separator: ", ") + ".")
            }
        } else {
            b.facts += present.map { PromptFact($0.0, $0.1!) }
        }
        let absent = notes.filter { ($0.1 ?? "").isEmpty }.map { $0.0.lowercased() }
        if !absent.isEmpty {
            b.missing.append("not written down: " + absent.joined(separator: ", "))
        }
        return b
    }

    /// The thresholds as facts, and the missing ones the athlete's sports need.
    func thresholdFacts(_ missing: inout [String]) -> [PromptFact] {
        let t = input.profile.thresholds
        let sports = Set(input.profile.sports)
        var facts: [PromptFact] = []
        func add(_ name: String, _ value: String?, needed: Bool) {
            if let value {
                facts.append(PromptFact(name, value))
            } else if needed {
                missing.append(name)
            }
        }
        add("FTP", t.ftpW.map { Text.num($0) + " W" }, needed: sports.contains(.cycling))
        add(
            "Threshold pace", t.thresholdPaceSPerKm.map { Text.pace($0) + " /km" },
            needed: sports.contains(.running))
        add(
            "CSS", t.cssSPer100m.map { Text.pace($0) + " /100m" },
            needed: sports.contains(.swimming))
        add("LTHR", t.lthrBpm.map { Text.num($0) + " bpm" }, needed: true)
        add("Resting HR", t.restHrBpm.map { Text.num($0) + " bpm" }, needed: true)
        add("Max HR", t.maxHrBpm.map { Text.num($0) + " bpm" }, needed: true)
        return facts
    }

    /// Section 3: every metric's result today.
    func today() -> PromptSectionBody {
        var b = PromptSectionBody(
            .today,
            source: "coach's metric providers evaluated on \(input.today) "
                + "from the logged data; components show the numbers each score is built from.")
        b.tables.append(
            PromptTable(
                id: "metrics", title: "Metrics on \(input.today)",
                columns: ["metric", "status", "score", "band", "flags"],
                rows: input.results.map { r in
                    [
                        r.id, r.status.rawValue, r.score.map(String.init) ?? Text.none,
                        r.band?.name ?? Text.none,
                        r.flags.isEmpty ? Text.none : r.flags.joined(separator: ", "),
                    ]
                }))
        var parts: [[String]] = []
        for r in input.results {
            for c in r.components {
                parts.append([
                    r.id, c.name, Text.num(c.value, 2),
                    c.weight.map { Text.num($0, 2) } ?? Text.none,
                    Text.cell(c.note),
                ])
            }
        }
        b.tables.append(
            PromptTable(
                id: "components", title: "Components",
                columns: ["metric", "component", "value", "weight", "note"], rows: parts))
        for r in input.results where r.status != .ok {
            b.missing.append("\(r.id): " + (r.reason ?? r.status.rawValue))
        }
        if input.results.isEmpty { b.missing.append("no metric could be evaluated") }
        return b
    }

    /// The trend columns: title, provider, value (nil for the score) and decimals.
    static let trendColumns: [(title: String, id: String, value: String?, digits: Int)] = [
        ("TSS", "training-load", "tss", 0), ("CTL", "training-load", "ctl", 1),
        ("ATL", "training-load", "atl", 1), ("TSB", "training-load", "tsb", 1),
        ("readiness", "readiness", nil, 0), ("HRV", "stress", "hrv", 0),
        ("HRV base", "stress", "hrv_baseline", 0), ("RHR", "stress", "hr", 0),
        ("RHR base", "stress", "rhr_baseline", 0), ("mood", "self-assessment", "mood_today", 0),
        ("worst soreness", "self-assessment", "soreness_today", 0),
        ("kcal", "nutrition", "kcal_today", 0),
        ("kcal target", "nutrition", "kcal_target", 0),
    ]

    /// Section 4: one row per day of the window.
    func trends() -> PromptSectionBody {
        var b = PromptSectionBody(
            .trends,
            source: "Each day evaluated by the same providers as that day "
                + "would have been (TSS/CTL/ATL/TSB: training-load; readiness; HRV and resting "
                + "HR with their baselines: stress; mood and worst soreness 0–10: self-assessment; "
                + "kcal and target: nutrition); sleep is hours asleep from sleep records.")
        let columns = ["day"] + Self.trendColumns.map(\.title) + ["sleep h"]
        let rows = input.days.map { d in
            ["\(d.day) \(d.day.weekdayName)"]
                + Self.trendColumns.map { Text.num(d.number($0.id, $0.value), $0.digits) }
                + [Text.num(d.sleepHours, 1)]
        }
        b.tables.append(
            PromptTable(
                id: "days", title: "Last \(input.days.count) days, oldest first",
                columns: columns, rows: rows))
        for (i, c) in columns.enumerated() where i > 0 {
            let empty = rows.filter { $0[i] == Text.none }.count
            if empty == rows.count && !rows.isEmpty {
                b.missing.append("\(c): no value in the window")
            } else if empty > 0 {
                b.missing.append("\(c): \(empty) of \(rows.count) days without a value")
            }
        }
        return b
    }
}
