import ArgumentParser
import CoachApp
import CoachKit
import CoachViews
import Foundation

extension TeamReport.Sort: ExpressibleByArgument {}

struct DashboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "The Today view: body battery, form, suggested load, the week, every metric.",
        discussion: HelpExamples.dashboard)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: MetricsTarget
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let page = try global.session().dashboardPage(target.handle, date: target.date)
            print(
                output.json
                    ? try Render.json(page, shape: "dashboard")
                    : Render.fitLines(
                        DashboardText.render(page.dashboard, sessions: page.sessions)))
        }
    }
}

struct TeamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "team",
        abstract:
            "One row per athlete you hold: readiness, form, stress, adherence, self-assessment, flags.",
        discussion: "Exits with 3 when any athlete is flagged, so a cron job can act on it.\n\n"
            + HelpExamples.team)
    @OptionGroup var global: GlobalOptions
    @Option(
        help:
            "Look at a past day for everyone: yesterday, -3d or YYYY-MM-DD (default each athlete's today)."
    )
    var date: String?
    @Option(help: "Sort by \(TeamReport.Sort.allCases.map(\.rawValue).joined(separator: "|")).")
    var sort: TeamReport.Sort = .name
    @Flag(help: "Only athletes with a flag.") var flagged = false
    @Flag(help: "Flagged athletes first, each part in the --sort order.") var flaggedFirst = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let report = try global.session().team(date: date).sorted(by: sort)
            let rows =
                flagged
                ? report.flagged
                : flaggedFirst
                    ? report.flagged + report.rows.filter { !$0.isFlagged } : report.rows
            print(
                output.json
                    ? try Render.json(rows, shape: "team", key: "athletes") : TeamText.render(rows))
            if !report.flagged.isEmpty { throw ExitCode(ExitStatus.flagged) }
        }
    }
}

struct TrendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trend",
        abstract: "A metric day by day: sparkline, or the series with --json.",
        discussion: HelpExamples.trend
    )
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: MetricsTarget
    @Option(
        help:
            "Series, comma-separated: a provider id, provider.value, ctl, atl, tsb, form, tss, ramp, steps, hrv, weight, weight.target."
    )
    var metric: String = "readiness"
    @Option(help: "How many days, ending on --date.") var days: Int = 28
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let names = metric.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let trend = try global.session().trend(
                target.handle, date: target.date, series: names, days: days)
            print(output.json ? try Render.json(trend, shape: "trend") : TrendText.render(trend))
        }
    }
}

struct ActivityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity",
        abstract:
            "Steps against the goal: dial, tiles, the last 7 days, you against the walking bot.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: MetricsTarget
    @Flag(help: "Show 7-day blocks for the last seven weeks instead of days.") var weekly = false
    /// The old spelling of `--weekly`, kept for scripts (`--week` takes a day elsewhere).
    @Flag(help: .hidden) var week = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let (view, result) = try global.session().activity(target.handle, date: target.date)
            print(
                output.json
                    ? try Render.json(result, shape: "activity")
                    : ActivityText.render(
                        result, name: view.name, day: view.moment.day, week: weekly || week,
                        units: view.evaluation.index.profile.units))
        }
    }
}
