import ArgumentParser
import CoachApp
import CoachKit
import Foundation

extension LogCommand {
    /// `coach log edit ID …`: change some fields of one entry; the options are those of the entry's log command.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change some fields of a log entry (the id stays).",
            discussion: """
                Give only the fields to change, with the options of the entry's log command: wellness --mood --doms \
                --notes; workout --sport --duration --rpe --tss --np --avg-power --avg-hr --max-hr --distance --kcal \
                --start --title; biometric --value (or --hrv, --rest-hr… of its type) --time; sleep --sleep; food \
                --kcal --protein --carbs --fat --meal --note --time; steps --steps --distance --active-kcal; weight \
                --weight --body-fat --time. --date moves any entry but a steps day to another day.
                """)
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Option(
            name: [.customShort("a"), .long], help: "The athlete (athlete users may omit it).",
            completion: .athletes) var athlete: String?
        @Argument(help: "The entry's id, or a unique prefix as 'coach log show' lists it.")
        var id: String
        @Option(
            parsing: .unconditional, help: "Move to this day: today, yesterday, -3d or YYYY-MM-DD.")
        var date: String?
        @Option var mood: Int?
        @Option(help: "Soreness per group, e.g. quads=6 (other groups stay).") var doms: [String] =
            []
        @Option var notes: String?
        @Option var sport: String?
        @Option(help: "Elapsed time, e.g. 1h30m.") var duration: String?
        @Option var rpe: Int?
        @Option var tss: Double?
        @Option var np: Double?
        @Option var avgPower: Double?
        @Option var avgHr: Double?
        @Option var maxHr: Double?
        @Option(help: "e.g. 42km or 26.2mi.") var distance: String?
        @Option(parsing: .unconditional) var kcal: Double?
        @Option(help: "Workout start, HH:MM or \"YYYY-MM-DD HH:MM\".") var start: String?
        @Option var title: String?
        @Option(parsing: .unconditional, help: "A biometric sample's value, in its type's unit.")
        var value: Double?
        @Option var hrv: Double?
        @Option var restHr: Double?
        @Option var respRate: Double?
        @Option var spo2: Double?
        @Option(parsing: .unconditional) var wristTemp: Double?
        @Option var hrr: Double?
        @Option(help: "Sleep duration (the block keeps its end), e.g. 7h30m.") var sleep: String?
        @Option var protein: Double?
        @Option var carbs: Double?
        @Option var fat: Double?
        @Option var meal: String?
        @Option var note: String?
        @Option(help: "Time of a sample, meal or weighing, HH:MM or \"YYYY-MM-DD HH:MM\".")
        var time: String?
        @Option var steps: Int?
        @Option var activeKcal: Double?
        @Option(help: "e.g. 61.4kg or 135lb.") var weight: String?
        @Option(help: "e.g. 18%.") var bodyFat: String?
        @Flag(help: "Store a duration longer than its activity plausibly lasts without asking.")
        var yes = false

        var patch: LogPatch {
            var p = LogPatch()
            p.date = date; p.mood = mood; p.doms = doms; p.notes = notes
            p.sport = sport; p.duration = duration; p.rpe = rpe; p.tss = tss; p.np = np;
            p.avgPower = avgPower
            p.avgHr = avgHr; p.maxHr = maxHr; p.distance = distance; p.kcal = kcal; p.start = start;
            p.title = title
            p.value = value; p.hrv = hrv; p.restHr = restHr; p.respRate = respRate; p.spo2 = spo2;
            p.wristTemp = wristTemp
            p.hrr = hrr; p.sleep = sleep; p.protein = protein; p.carbs = carbs; p.fat = fat;
            p.meal = meal; p.note = note
            p.time = time; p.steps = steps; p.activeKcal = activeKcal; p.weight = weight;
            p.bodyFat = bodyFat
            return p
        }

        func run() throws {
            try guarded {
                let session = try global.session()
                let edit = try LongDuration.confirming(yes: yes) { confirmed in
                    var patch = patch
                    patch.longDurationConfirmed = confirmed
                    return try session.editLog(
                        RecordID(id), athlete: athlete.map(Handle.init), patch: patch)
                }
                let entry = edit.entry
                if output.json { print(try Render.json(entry, shape: "log-entry")); return }
                print(
                    "Edited \(entry.kind.rawValue) \(entry.id.prefix(8)) on \(entry.day): "
                        + LogWords(edit.profile).summary(entry.kind, entry.entry)
                )
            }
        }
    }
}
