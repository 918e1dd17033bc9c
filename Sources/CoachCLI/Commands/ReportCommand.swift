import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// `coach report`: self-contained HTML pages of charts, written to a new private file.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an HTML report with charts: one athlete (default) or the whole team.",
        discussion:
            "One self-contained file (inline SVG and CSS, no script, nothing loaded from the "
            + "network), "
            + "written with mode 0600 to a new FILE; an existing file is never overwritten.\n\n"
            + HelpExamples.report,
        subcommands: [AthleteReportCommand.self, TeamReportCommand.self],
        defaultSubcommand: AthleteReportCommand.self)
}

struct AthleteReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "athlete",
        abstract:
            "One athlete: load, readiness, HRV, stress, sleep, steps, food, mood and the plan.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: MetricsTarget
    @Option(help: "How many days, ending on --date (7–3660).") var days: Int = 90
    @Option(help: "Write to this new FILE (mode 0600, never overwritten).") var out: String

    func validate() throws {
        guard (7...3660).contains(days) else {
            throw ValidationError("--days must be between 7 and 3660")
        }
    }

    func run() throws {
        try guarded {
            // Refuse an existing file before the work; writeNew checks again when writing.
            try OutputFile.refuseExisting(out)
            let html = try global.session().athleteReport(
                target.handle, date: target.date, days: days)
            try OutputFile.writeNew(html, to: out)
            print("Wrote the report of \(days) days to \(out) (\(WrittenFile.size(html))).")
        }
    }
}

struct TeamReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "team",
        abstract: "Every athlete you hold: the team table and each athlete's last 28 days.")
    @OptionGroup var global: GlobalOptions
    @Option(
        help:
            "A past day for everyone: yesterday, -3d or YYYY-MM-DD (default each athlete's today)."
    )
    var date: String?
    @Option(help: "Write to this new FILE (mode 0600, never overwritten).") var out: String

    func run() throws {
        try guarded {
            try OutputFile.refuseExisting(out)
            let html = try global.session().teamReport(date: date)
            try OutputFile.writeNew(html, to: out)
            print("Wrote the team report to \(out) (\(WrittenFile.size(html))).")
        }
    }
}
