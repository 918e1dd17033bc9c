import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Program weeks (Monday–Sunday), planned sessions, adherence and plan files.",
        subcommands: [
            Show.self, PlanWeekCommand.self, PlanSessionCommand.self, PlanExportCommand.self,
            PlanImportCommand.self, PlanApplyCommand.self,
        ])

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Weeks grouped into previous, current and upcoming, with adherence scores.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: PlanTarget
        @Flag(help: "Only the weeks before the current one.") var previous = false
        @Flag(help: "Only the current week.") var current = false
        @Flag(help: "Only the weeks after the current one.") var upcoming = false
        @Option(
            help: "At most N previous and N upcoming weeks, those nearest today (default: all).")
        var limit: Int?
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if let limit, limit < 1 {
                throw ValidationError("--limit \(limit) is not a number of weeks; give 1 or more")
            }
        }

        func run() throws {
            try guarded {
                let ctx = try PlanContext(global, target)
                let all = !(previous || current || upcoming)
                let snapshot = try ctx.snapshot()
                var shown = PlanReport(snapshot, today: ctx.today)
                if !(all || previous) { shown.previous = [] }
                if !(all || current) { shown.current = nil }
                if !(all || upcoming) { shown.upcoming = [] }
                if let limit {
                    shown.previous = Array(shown.previous.suffix(limit))
                    shown.upcoming = Array(shown.upcoming.prefix(limit))
                }
                let ids = try ctx.book.idPrefixes()
                try ctx.emit(shown, shape: "plan-show", json: output.json) {
                    Self.text(
                        shown, all: all, current: current, ids: ids, units: snapshot.profile.units)
                }
            }
        }

        static func text(
            _ r: PlanReport, all: Bool, current: Bool, ids: [String: String] = [:],
            units: UnitSystem = .metric
        ) -> String {
            var parts = ["Plan of \(r.athlete), today \(r.today)", PlanRender.scores(r.scores)]
            func group(_ name: String, _ weeks: [PlanReport.Week]) {
                parts.append(
                    Terminal.bold("\(name) (\(weeks.count) week\(weeks.count == 1 ? "" : "s"))"))
                let shown = weeks.map { PlanRender.week($0, ids: ids, units: units) }
                parts += weeks.isEmpty ? [Terminal.dim("none")] : shown
            }
            if all || !r.previous.isEmpty { group("Previous", r.previous) }
            if all || current { group("Current", r.current.map { [$0] } ?? []) }
            if all || !r.upcoming.isEmpty { group("Upcoming", r.upcoming) }
            return parts.joined(separator: "\n\n")
        }
    }
}

struct PlanWeekCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "week", abstract: "Show, create, copy, move or remove a program week.",
        discussion: HelpExamples.planWeek,
        subcommands: [Show.self, Copy.self, Move.self, Remove.self], defaultSubcommand: Show.self)

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a week as a Monday–Sunday grid (create it with --create).",
            discussion: HelpExamples.planWeek)
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: PlanTarget
        @Option(
            help: "current (default), next, previous, or any day of the week (YYYY-MM-DD, -7d…).")
        var week = "current"
        @Flag(help: "Create the week if it is not planned yet.") var create = false
        @Option(help: "Set the week's title.") var title: String?
        @Option(name: [.customLong("notes"), .customLong("note")], help: "Set the week's notes.")
        var notes: String?
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let ctx = try PlanContext(global, target)
                let monday = try ctx.monday(week)
                if create || title != nil || notes != nil {
                    try ctx.book.saveWeek(monday: monday, title: title, notes: notes)
                }
                let snapshot = try ctx.snapshot()
                let grid = PlanReport.grid(snapshot, monday: monday, today: ctx.today)
                let ids = try ctx.book.idPrefixes()
                let scores = PlanReport.overall(snapshot, today: ctx.today)
                let sore = try ctx.book.soreWarnings(
                    grid.days.flatMap { $0.sessions.map(\.session) })
                try ctx.emit(
                    WeekOutput(
                        athlete: ctx.handle, today: ctx.today, scores: scores, week: grid,
                        soreWarnings: sore),
                    shape: "plan-week", json: output.json
                ) {
                    PlanRender.scores(scores) + "\n"
                        + PlanRender.week(
                            grid, ids: ids, canPlan: ctx.canPlan, sore: sore,
                            units: snapshot.profile.units)
                }
            }
        }

        struct WeekOutput: Encodable {
            let athlete: String, today: LocalDay, scores: PlanReport.Scores, week: PlanReport.Week
            /// Sessions of the week that load a group the athlete rated sore.
            let soreWarnings: [SoreMuscleWarning]

            enum CodingKeys: String, CodingKey {
                case athlete, today, scores, week
                case soreWarnings = "sore_warnings"
            }
        }
    }

    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Copy a week to another week and/or other athletes (new ids, no adherence or links)."
        )
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: PlanTarget
        @Option(help: "Any day of the source week.") var from: String
        @Option(help: "Any day of the target week (default: the same week).") var to: String?
        @Option(help: "Copy to these athletes instead, e.g. bert,carla.") var toAthletes: [String] =
            []
        @Flag(help: "Overwrite target weeks that already have sessions.") var replace = false
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let ctx = try PlanContext(global, target)
                let source = try ctx.monday(from)
                let dest = try to.map(ctx.monday) ?? source
                let copies = try ctx.book.copyWeek(
                    from: source, to: dest, toAthletes: toAthletes,
                    replace: replace)
                let who = toAthletes.isEmpty ? ctx.handle : toAthletes.joined(separator: ",")
                try ctx.emit(copies, shape: "plan-week-copy", key: "weeks", json: output.json) {
                    "Copied the week of \(source) (\(copies.first?.sessions.count ?? 0) sessions) to the week of \(dest) for \(who)."
                }
            }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move a week to another Monday; sessions keep their weekdays.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: PlanTarget
        @Option(help: "Any day of the week to move.") var from: String
        @Option(help: "Any day of the week to move it to.") var to: String
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let ctx = try PlanContext(global, target)
                let w = try ctx.book.moveWeek(from: try ctx.monday(from), to: try ctx.monday(to))
                try ctx.emit(w, shape: "plan-week-moved", json: output.json) {
                    "Moved the week to \(w.start) – \(w.start.adding(days: 6)) (\(w.sessions.count) sessions)."
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a week and all its sessions.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: PlanTarget
        @Option(help: "Any day of the week to remove.") var week: String
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let ctx = try PlanContext(global, target)
                let monday = try ctx.monday(week)
                try ctx.book.removeWeek(monday: monday)
                try ctx.emit(
                    ["removed_week": monday.description], shape: "plan-week-removed",
                    json: output.json
                ) {
                    "Removed the week of \(monday)."
                }
            }
        }
    }
}
