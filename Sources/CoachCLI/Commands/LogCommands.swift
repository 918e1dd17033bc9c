import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "Log wellness, workouts, biometrics, food, steps and weight.",
        subcommands: [
            Mood.self, Doms.self, Wellness.self, WorkoutLog.self, Biometrics.self, Food.self,
            Steps.self, Weight.self, Show.self, Edit.self, Remove.self,
        ])

    struct Mood: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Log mood 1–5 (and optionally soreness).", discussion: HelpExamples.logMood)
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: LogTarget
        @Argument(help: "Mood from 1 (awful) to 5 (great).") var mood: Int
        @Option(help: "Soreness per group, e.g. quads=6,hamstrings=3.") var doms: [String] = []
        @Option(name: [.customLong("notes"), .customLong("note")], help: "A note on the day.")
        var notes: String?

        func run() throws {
            try guarded {
                try LogContext(global, target).saveWellness(
                    mood: mood, doms: doms, notes: notes, what: "mood")
            }
        }
    }

    struct Doms: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Log muscle soreness 0–10 per group.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: LogTarget
        @Argument(help: "GROUP=LEVEL pairs, e.g. quads=6 hamstrings=3.") var levels: [String]

        func run() throws {
            try guarded {
                try LogContext(global, target).saveWellness(
                    mood: nil, doms: levels, notes: nil, what: "soreness")
            }
        }
    }

    struct Wellness: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Log mood, soreness and notes together.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: LogTarget
        @Option var mood: Int?
        @Option(help: "Soreness per group, e.g. quads=6,hamstrings=3.") var doms: [String] = []
        @Option(name: [.customLong("notes"), .customLong("note")], help: "A note on the day.")
        var notes: String?

        func run() throws {
            try guarded {
                guard mood != nil || !doms.isEmpty || notes != nil else {
                    throw CLIError.usage("give --mood, --doms or --notes")
                }
                try LogContext(global, target).saveWellness(
                    mood: mood, doms: doms, notes: notes, what: "wellness")
            }
        }
    }

    struct Food: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Log a meal or snack.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: LogTarget
        @Option(parsing: .unconditional) var kcal: Double
        @Option(help: "Protein in g.") var protein: Double?
        @Option(help: "Carbohydrate in g.") var carbs: Double?
        @Option(help: "Fat in g.") var fat: Double?
        @Option(help: "breakfast, lunch, dinner, snack, drink or other.") var meal: String?
        @Option(name: [.customLong("note"), .customLong("notes")], help: "A note on the meal.")
        var note: String?
        @Option(help: "Time, HH:MM (default now, or noon for a past day).") var time: String?

        func run() throws {
            try guarded {
                let ctx = try LogContext(global, target)
                var e = FoodEntry(
                    id: ctx.newID(), time: try time.map(ctx.instant(parsing:)) ?? ctx.instant,
                    kcal: kcal)
                e.proteinG = protein; e.carbsG = carbs; e.fatG = fat; e.meal = meal?.lowercased();
                e.note = note
                try e.validate()
                try ctx.save(e, id: e.id, kind: .food, what: "food")
            }
        }
    }

    struct Steps: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Log the day's steps (replaces that day's count).")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: LogTarget
        @Argument var steps: Int
        @Option(help: "Walking distance, e.g. 8.9km.") var distance: String?
        @Option(help: "Active energy in kcal.") var activeKcal: Double?

        func run() throws {
            try guarded {
                let ctx = try LogContext(global, target)
                let e = StepsDay(
                    day: ctx.day, steps: steps,
                    distanceM: try distance.map {
                        try QuantityParser.metres($0, units: ctx.profile.units)
                    },
                    activeKcal: activeKcal)
                try e.validate()
                try ctx.save(e, id: e.id, kind: .steps, what: "steps")
            }
        }
    }

    struct Weight: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Log body weight (and body fat).")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: LogTarget
        @Argument(help: "e.g. 61.4kg or 135lb.") var weight: String
        @Option(help: "e.g. 18%.") var bodyFat: String?

        func run() throws {
            try guarded {
                let ctx = try LogContext(global, target)
                let e = WeightEntry(
                    id: ctx.newID(), time: ctx.instant,
                    kg: try QuantityParser.kilograms(weight, units: ctx.profile.units),
                    bodyFatPct: try bodyFat.map(QuantityParser.percent))
                try e.validate()
                try ctx.save(e, id: e.id, kind: .weight, what: "weight")
                if !ctx.json, let trend = try ctx.book.weightTrend() {
                    print(LogWords(ctx.profile).trend(trend))
                }
            }
        }
    }
}
