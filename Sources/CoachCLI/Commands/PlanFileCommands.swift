import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// The file formats of `coach plan export` and `coach plan import`.
enum PlanFileFormat: String, ExpressibleByArgument, CaseIterable {
    case ics, csv, json

    /// The format of `path` by its extension.
    static func guess(_ path: String) -> PlanFileFormat? {
        PlanFileFormat(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }
}

struct PlanExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the plan as iCalendar (for calendar apps), CSV (spreadsheets) or JSON.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: PlanTarget
    @Option(help: "ics, csv or json.") var format: PlanFileFormat
    @Option(help: "Only this many weeks, starting with the current one (default: every week).")
    var weeks: Int?
    @Option(help: "Write to a new FILE (mode 0600, never overwritten) instead of stdout.")
    var out: String?

    func validate() throws {
        if let weeks, weeks < 1 { throw ValidationError("--weeks must be 1 or more") }
    }

    func run() throws {
        try guarded {
            let ctx = try PlanContext(global, target)
            var selected = try ctx.snapshot().weeks
            if let weeks {
                let first = ctx.today.monday, last = first.adding(days: 7 * (weeks - 1))
                selected = selected.filter { $0.start >= first && $0.start <= last }
            }
            let text: String
            switch format {
            case .ics:
                text = PlanICS.render(selected, athlete: ctx.handle, zone: ctx.zone, now: ctx.now)
            case .csv: text = PlanCSV.render(selected)
            case .json:
                text = try Render.json(PlanDocument(athlete: ctx.handle, weeks: selected)) + "\n"
            }
            guard let out else { Terminal.writeDocument(text); return }
            // A plan is athlete data: a new private file, never one that already exists.
            try OutputFile.writeNew(text, to: out)
            Terminal.note(
                "Wrote \(selected.count) week\(selected.count == 1 ? "" : "s") of \(ctx.handle)'s plan to \(out)."
            )
        }
    }
}

struct PlanImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Read sessions from a CSV or JSON plan file: adds new ones, updates those it names.",
        discussion: """
            All or nothing: the first bad row is reported with its line and reason, and nothing is \
            written. Sessions the file does not list stay unless --replace is given: then each \
            week in the file replaces that week of the plan, the sessions that go are listed, and \
            a terminal asks first (--yes skips the question; without a terminal --yes is needed).
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: PlanTarget
    @Argument(help: "A .csv or .json plan file.") var file: String
    @Option(help: "csv or json (default: from the file's extension).") var format: PlanFileFormat?
    @Flag(help: "Replace each week the file names, removing the sessions it does not list.")
    var replace = false
    @Flag(help: "With --replace: remove without asking.") var yes = false
    @Flag(help: "Report what would change and write nothing.") var dryRun = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            guard let kind = format ?? PlanFileFormat.guess(file), kind != .ics else {
                throw CLIError.usage(
                    "import reads csv or json; name the format with --format csv|json")
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CLIError.io("cannot read \(file); check the path")
            }
            let weeks: [ProgramWeek]
            do {
                weeks =
                    kind == .csv
                    ? try PlanCSV.parse(String(decoding: data, as: UTF8.self))
                    : try PlanDocument.parse(data)
            } catch let CoachKitError.invalidRow(location, reason) {
                throw CoachKitError.invalidRow(location: "\(file) \(location)", reason: reason)
            }
            let ctx = try PlanContext(global, target)
            if replace && !dryRun {
                let preview = try ctx.book.importPlan(weeks, dryRun: true, replace: true)
                if !preview.removed.isEmpty { try confirm(preview.removed) }
            }
            let s = try ctx.book.importPlan(weeks, dryRun: dryRun, replace: replace)
            try ctx.emit(s, shape: "plan-import", json: output.json) {
                Self.text(s, handle: ctx.handle)
            }
        }
    }

    /// Lists the sessions `--replace` removes and asks on a terminal; `--yes` skips the question.
    func confirm(_ removed: [PlannedSession]) throws {
        let n = removed.count
        Terminal.note("--replace removes \(n) session\(n == 1 ? "" : "s") the file does not list:")
        for s in removed { Terminal.note("  " + PlanImportCommand.line(s)) }
        try Confirm.destructive("Remove them?", yes: yes, action: "remove them")
    }

    static func line(_ s: PlannedSession) -> String {
        "\(s.date) \(s.title) (id \(s.id))"
            + (s.adherencePct.map { ", adherence \(Render.number($0))% recorded" } ?? "")
    }

    static func text(_ s: PlanImportSummary, handle: String) -> String {
        let verb = s.dryRun ? "Would import" : "Imported"
        let weeks = s.weeksCreated.count + s.weeksReplaced.count + s.weeksUpdated.count
        var parts = ["\(s.weeksCreated.count) new"]
        if !s.weeksUpdated.isEmpty { parts.append("\(s.weeksUpdated.count) updated") }
        if !s.weeksReplaced.isEmpty { parts.append("\(s.weeksReplaced.count) replaced") }
        var out =
            "\(verb) \(weeks) week(s) for \(handle): \(parts.joined(separator: ", ")); "
            + "sessions \(s.sessionsAdded) added, \(s.sessionsChanged) changed, "
            + "\(s.sessionsUnchanged) unchanged, \(s.sessionsRemoved) removed"
            + (s.sessionsKept > 0 ? ", \(s.sessionsKept) kept." : ".")
        if s.dryRun {
            out += " Nothing was written (--dry-run)."
            for r in s.removed { out += "\n  would remove " + line(r) }
        }
        return out
    }
}
