import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct PlanSessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session", abstract: "Add, edit, remove or move planned sessions.",
        subcommands: [Add.self, Edit.self, Remove.self, Move.self])

    /// The session fields `add` and `edit` share.
    struct Fields: ParsableArguments {
        @Option(help: "What is planned in more detail.") var detail: String?
        @Option(name: [.customLong("notes"), .customLong("note")], help: "Notes for the athlete.")
        var notes: String?
        @Option(help: "cycling, running, swimming, strength, walking or other.") var sport: String?
        @Option(help: "Planned duration, e.g. 75m, 1h30m or 1:30:00.") var plannedDuration: String?
        @Option(help: "Planned training stress score (0–1000).") var plannedTss: Double?
        @Option(help: "Target muscle groups, e.g. quads,glutes.") var targets: String?
        @Option(help: "Start time HH:MM (the session is all-day without it).") var time: String?
        @Option(help: "Position within the day, 0 first (default: last).") var order: Int?
        @Flag(help: "Keep a planned duration longer than the sport plausibly lasts, unasked.")
        var yes = false

        /// The fields as a patch (validated when applied); a planned duration longer than the
        /// sport plausibly lasts is asked about on a terminal and refused elsewhere, unless
        /// `--yes`.
        func patch() throws -> SessionPatch {
            var p = SessionPatch()
            p.detail = detail; p.notes = notes; p.time = time; p.order = order;
            p.plannedTss = plannedTss
            let sport = try sport.map(Sport.parse)
            p.sport = sport
            p.plannedDurationS = try plannedDuration.map { text in
                let reading = try DurationReading.read(text)
                return Double(
                    try LongDuration.confirming(yes: yes) {
                        try reading.seconds(
                            for: .plannedSession(sport), as: .plannedDuration, confirmed: $0)
                    })
            }
            p.targets = try targets.map {
                try $0.split(separator: ",").map { try MuscleGroup.parse(String($0)) }
            }
            return p
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Plan a session on a day (its week is created when needed).",
            discussion: HelpExamples.sessionAdd)
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: PlanTarget
        @Option(help: "The day: YYYY-MM-DD, today, tomorrow, +3d….") var date: String
        @Option(help: "Any day of the week the session belongs to; the date must fall in it.")
        var week: String?
        @Option(help: "Short title, e.g. \"Threshold 3x12\".") var title: String
        @OptionGroup var fields: Fields
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let ctx = try PlanContext(global, target)
                var patch = try fields.patch()
                patch.title = title; patch.order = nil
                let day = try DayExpression.parse(date, today: ctx.today)
                let session = try patch.applied(
                    to: PlannedSession(id: "new", date: day, title: title))
                let s = try ctx.book.addSession(
                    session, week: try week.map(ctx.monday), order: fields.order)
                try ctx.warnSore([s])
                try ctx.emit(s, shape: "plan-session", json: output.json) {
                    "Planned \"\(s.title)\" on \(s.weekdayName) \(s.date) for \(ctx.handle) (id \(s.id))."
                }
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Edit a session; athletes may record adherence (--adherence) on their own sessions."
        )
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: PlanTarget
        @Argument(help: "The session id (see 'coach plan week').") var id: String
        @Option var title: String?
        @OptionGroup var fields: Fields
        @Option(help: "How much of the session was done, 0–100 %.") var adherence: Double?
        @Flag(help: "Remove a recorded adherence.") var clearAdherence = false
        @Option(help: "Link the workout that carried the session out.") var linkWorkout: String?
        @Flag(help: "Remove the workout link.") var unlinkWorkout = false
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                var patch = try fields.patch()
                patch.title = title; patch.adherencePct = adherence;
                patch.clearAdherence = clearAdherence
                patch.linkedWorkout = linkWorkout; patch.unlinkWorkout = unlinkWorkout
                if let a = adherence, !PlanRules.adherence.contains(a) {
                    throw CoachKitError.outOfRange(
                        field: "--adherence \(Render.number(a))", range: "0–100 %")
                }
                guard !patch.isEmpty else {
                    throw CLIError.usage(
                        "nothing to change; give --adherence, --title or another field")
                }
                let ctx = try PlanContext(global, target)
                let s = try ctx.book.editSession(PlannedSessionID(id), patch: patch)
                try ctx.warnSore([s])
                try ctx.emit(s, shape: "plan-session", json: output.json) {
                    "Updated session \(s.id) \"\(s.title)\" on \(s.date)."
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a planned session.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: PlanTarget
        @Argument(help: "The session id (or a unique prefix).") var id: String
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let ctx = try PlanContext(global, target)
                let full = try ctx.book.removeSession(PlannedSessionID(id))
                try ctx.emit(
                    ["removed": full.rawValue], shape: "plan-session-removed", json: output.json
                ) {
                    "Removed session \(full)."
                }
            }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move a session to another day and/or position within its day.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: PlanTarget
        @Argument(help: "The session id (or a unique prefix).") var id: String
        @Option(help: "The new day: YYYY-MM-DD, tomorrow, +2d, fri, next-mon…") var date: String
        @Option(help: "Position within the day, 0 first (default: last).") var order: Int?
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let ctx = try PlanContext(global, target)
                let s = try ctx.book.moveSession(
                    PlannedSessionID(id), to: try DayExpression.parse(date, today: ctx.today),
                    order: order)
                try ctx.warnSore([s])
                try ctx.emit(s, shape: "plan-session", json: output.json) {
                    "Moved session \(s.id) to \(s.weekdayName) \(s.date), position \(s.order)."
                }
            }
        }
    }
}

extension PlannedSession {
    /// `Mon` … `Sun`.
    var weekdayName: String { PlanReport.weekdays[date.isoWeekday - 1] }
}
