import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct GoalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal", abstract: "Set goals that metrics measure against.",
        subcommands: [Steps.self])

    struct Steps: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set the daily step goal from a day on (earlier days keep their goal).")
        @OptionGroup var global: GlobalOptions
        @Option(
            name: [.customShort("a"), .long], help: "The athlete (athlete users may omit it).",
            completion: .athletes) var athlete: String?
        @Argument(help: "Steps per day.") var steps: Int
        @Option(help: "First day of the new goal: today (default), a date, -3d…") var from: String =
            "today"
        @Option(help: "Earn a bonus day every N achieved days in a row.") var bonusEvery: Int?
        @Option(help: "Most bonus days that can be banked.") var maxBonus: Int?
        @OptionGroup var output: OutputOptions

        /// What `--json` prints.
        struct StepGoalOutput: Encodable {
            let athlete: String
            let steps: Int
            let from: LocalDay
        }

        func run() throws {
            try guarded {
                guard (500...100_000).contains(steps) else {
                    throw CoachKitError.outOfRange(field: "step goal", range: "500–100000")
                }
                if let bonusEvery, !(1...60).contains(bonusEvery) {
                    throw CoachKitError.outOfRange(field: "--bonus-every", range: "1–60")
                }
                if let maxBonus, !(0...30).contains(maxBonus) {
                    throw CoachKitError.outOfRange(field: "--max-bonus", range: "0–30")
                }
                let (profile, start) = try global.session().setStepGoal(
                    athlete.map(Handle.init), steps: steps, from: from, bonusEvery: bonusEvery,
                    maxBonus: maxBonus)
                if output.json {
                    print(
                        try Render.json(
                            StepGoalOutput(athlete: profile.handle, steps: steps, from: start),
                            shape: "goal-steps"))
                    return
                }
                print("Step goal of \(profile.handle): \(steps) a day from \(start).")
            }
        }
    }
}
