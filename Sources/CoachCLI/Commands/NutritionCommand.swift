import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// `coach nutrition`: the last seven days of intake (kcal, protein, carbohydrate, fat) beside the
/// nutrition provider's energy expenditure (TDEE) and target for each day.
struct NutritionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nutrition",
        abstract: "Seven days of kcal, protein, carbs and fat against energy expenditure.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: MetricsTarget
    @OptionGroup var output: OutputOptions

    struct Day: Encodable {
        let intake: DailyIntake
        let expenditureKcal: Double?
        let targetKcal: Double?
        let inProgress: Bool

        func encode(to encoder: Encoder) throws {
            try intake.encode(to: encoder)
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(expenditureKcal, forKey: .expenditureKcal)
            try c.encode(targetKcal, forKey: .targetKcal)
            try c.encode(inProgress, forKey: .inProgress)
        }

        enum Keys: String, CodingKey {
            case expenditureKcal = "expenditure_kcal"
            case targetKcal = "target_kcal"
            case inProgress = "in_progress"
        }
    }

    func run() throws {
        try guarded {
            let view = try global.session().athleteView(target.handle, date: target.date)
            let (evaluation, moment) = (view.evaluation, view.moment)
            let intake = DailyIntake.days(
                evaluation.dataset.food, zone: evaluation.zone, through: moment.day, count: 7)
            let days = try intake.map { i in
                let past = i.day < moment.day
                let r = try evaluation.result("nutrition", day: i.day, now: past ? nil : moment.now)
                return Day(
                    intake: i, expenditureKcal: r.number("tdee"),
                    targetKcal: r.number("kcal_target"),
                    inProgress: !past
                        && (moment.now.map { $0 < MetricInput.endOfDay(i.day, in: evaluation.zone) }
                            ?? false)
                )
            }
            if output.json { print(try Render.json(days, shape: "nutrition", key: "days")); return }
            print(
                Terminal.bold(
                    "\(evaluation.index.profile.name) · nutrition, 7 days to \(moment.day)"))
            func n(_ v: Double) -> String { Render.number(v, digits: 0) }
            // A day without meals is a gap, not a day of 0 kcal (issue 29).
            var rows = days.map { d in
                let gap = d.intake.entries == 0
                let g = { (v: Double) in gap ? "–" : n(v) }
                return [
                    d.intake.day.description + (d.inProgress ? " (so far)" : ""),
                    "\(d.intake.entries)", g(d.intake.kcal),
                    g(d.intake.proteinG), g(d.intake.carbsG), g(d.intake.fatG),
                    Render.number(d.expenditureKcal, digits: 0),
                    Render.number(d.targetKcal, digits: 0),
                ]
            }
            let sum = { (f: (DailyIntake) -> Double) in n(intake.reduce(0) { $0 + f($1) }) }
            rows.append([
                "total", "\(intake.reduce(0) { $0 + $1.entries })", sum(\.kcal), sum(\.proteinG),
                sum(\.carbsG), sum(\.fatG),
                Render.number(days.compactMap(\.expenditureKcal).reduce(0, +), digits: 0), "",
            ])
            print(
                Render.table(
                    [
                        "DAY", "MEALS", "KCAL", "PROTEIN G", "CARBS G", "FAT G", "EXPENDITURE",
                        "TARGET",
                    ], rows))
            let gaps = intake.filter { $0.entries == 0 }.count
            if gaps > 0 {
                let legend = Terminal.dim(
                    "– : no meals logged that day (\(gaps) of 7), a gap and not 0 kcal, "
                        + "the total covers the logged days only")
                print(Render.wrap(legend, width: Render.width ?? .max).joined(separator: "\n"))
            }
        }
    }
}
