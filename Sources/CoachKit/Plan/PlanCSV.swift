import Foundation

/// Program weeks as a spreadsheet: one row per session, with the week's title and notes repeated.
///
/// A week without sessions is one row with only the week columns filled. Reading is strict: the
/// header must name known columns, and the first bad row stops the whole file with its line number.
/// Empty session ids are allowed (new rows typed in a spreadsheet); the store assigns them.
public enum PlanCSV {
    /// The columns, in the order they are written.
    public static let columns = [
        "week", "week_title", "week_notes", "id", "date", "order", "time", "title", "sport",
        "duration", "tss", "targets", "adherence", "linked_workout", "origin", "detail", "notes",
    ]

    /// Renders weeks as CSV, weeks by start and sessions by day and order.
    public static func render(_ weeks: [ProgramWeek]) -> String {
        var rows = [columns]
        for w in weeks.sorted(by: { ($0.start, $0.id) < ($1.start, $1.id) }) {
            let head = [w.start.description, w.title ?? "", w.notes ?? ""]
            if w.sessions.isEmpty {
                rows.append(head + Array(repeating: "", count: columns.count - 3))
            }
            for s in w.sessions.sorted(by: {
                ($0.date, $0.order, $0.id) < ($1.date, $1.order, $1.id)
            }) {
                rows.append(
                    head + [
                        s.id, s.date.description, String(s.order), s.time ?? "", s.title,
                        s.sport?.rawValue ?? "",
                        s.plannedDurationS.map { DurationParser.format(Int($0.rounded())) } ?? "",
                        s.plannedTss.map(number) ?? "",
                        s.targets.map(\.rawValue).joined(separator: ";"),
                        s.adherencePct.map(number) ?? "",
                        s.linkedWorkout ?? "", s.origin.rawValue, s.detail ?? "", s.notes ?? "",
                    ])
            }
        }
        return CSVTable.render(rows)
    }

    /// Parses CSV text into weeks (ids empty where the file gives none).
    ///
    /// - Throws: `CoachKitError.invalidRow` naming the line and what is wrong with it.
    public static func parse(_ text: String) throws -> [ProgramWeek] {
        let rows = try CSVTable.parse(text)
        guard let header = rows.first else {
            throw CoachKitError.invalidRow(
                location: "line 1", reason: "the file is empty; expected a header row")
        }
        var index: [String: Int] = [:]
        for (i, name) in header.fields.enumerated() {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard columns.contains(key) else {
                throw CoachKitError.invalidRow(
                    location: "line \(header.line)",
                    reason: "unknown column '\(name)'; known: \(columns.joined(separator: ", "))")
            }
            index[key] = i
        }
        guard index["date"] != nil, index["title"] != nil else {
            throw CoachKitError.invalidRow(
                location: "line \(header.line)",
                reason: "the header needs at least the columns date and title")
        }
        var weeks: [LocalDay: ProgramWeek] = [:]
        var seen = Set<String>()
        for row in rows.dropFirst() {
            do {
                try read(row, index: index, into: &weeks, seen: &seen)
            } catch let error as CoachKitError {
                if case .invalidRow = error { throw error }
                throw CoachKitError.invalidRow(
                    location: "line \(row.line)", reason: error.localizedDescription)
            }
        }
        return weeks.values.sorted { $0.start < $1.start }
    }

    static func read(
        _ row: CSVTable.Row, index: [String: Int], into weeks: inout [LocalDay: ProgramWeek],
        seen: inout Set<String>
    ) throws {
        guard row.fields.count <= index.count else {
            throw CoachKitError.invalidRow(
                location: "line \(row.line)",
                reason: "\(row.fields.count) fields but \(index.count) columns")
        }
        func cell(_ name: String) -> String? {
            guard let i = index[name], i < row.fields.count else { return nil }
            let v = row.fields[i].trimmingCharacters(in: .whitespaces)
            return v.isEmpty ? nil : v
        }
        func day(_ name: String) throws -> LocalDay? {
            try cell(name).map { text in
                guard let d = LocalDay(text) else { throw CoachKitError.invalidDay(text) }
                return d
            }
        }
        let date = try day("date")
        guard let monday = try day("week")?.monday ?? date?.monday else {
            throw CoachKitError.outOfRange(
                field: "week and date", range: "at least one day as YYYY-MM-DD")
        }
        var week = weeks[monday] ?? ProgramWeek(id: "", start: monday)
        if week.title == nil { week.title = cell("week_title") }
        if week.notes == nil { week.notes = cell("week_notes") }
        if let date {
            let title = cell("title") ?? ""
            var s = PlannedSession(id: cell("id") ?? "", date: date, title: title, origin: .import)
            s.order =
                try cell("order").map { try int($0, "order") }
                ?? week.sessions.filter { $0.date == date }.count
            s.time = cell("time")
            s.sport = try cell("sport").map(Sport.parse)
            s.plannedDurationS = try cell("duration").map { Double(try DurationParser.seconds($0)) }
            s.plannedTss = try cell("tss").map { try double($0, "tss") }
            s.targets =
                try cell("targets").map { t in
                    try t.split(whereSeparator: { $0 == ";" || $0 == "," }).map {
                        try MuscleGroup.parse(String($0))
                    }
                } ?? []
            s.adherencePct = try cell("adherence").map {
                try double($0.replacingOccurrences(of: "%", with: ""), "adherence")
            }
            s.linkedWorkout = cell("linked_workout")
            if let o = cell("origin") {
                guard let origin = PlannedSession.Origin(rawValue: o.lowercased()) else {
                    throw CoachKitError.unknownName(
                        field: "origin", value: o, valid: ["coach", "athlete", "ai", "import"])
                }
                s.origin = origin
            }
            s.detail = cell("detail"); s.notes = cell("notes")
            try PlanRules.validate(s, inWeekOf: monday)
            try PlanRules.validate(s)
            if !s.id.isEmpty {
                guard seen.insert(s.id).inserted else {
                    throw CoachKitError.outOfRange(
                        field: "session id \(s.id)", range: "ids used once per file")
                }
            }
            week.sessions.append(s)
        } else if cell("title") != nil || cell("id") != nil {
            throw CoachKitError.outOfRange(
                field: "date", range: "a day as YYYY-MM-DD for every session row")
        }
        weeks[monday] = week
    }

    static func double(_ text: String, _ field: String) throws -> Double {
        guard let v = Double(text), v.isFinite else {
            throw CoachKitError.invalidQuantity(text, expected: "a number for \(field)")
        }
        return v
    }

    static func int(_ text: String, _ field: String) throws -> Int {
        guard let v = Int(text) else {
            throw CoachKitError.invalidQuantity(text, expected: "a whole number for \(field)")
        }
        return v
    }

    /// A number without a trailing `.0`.
    public static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
