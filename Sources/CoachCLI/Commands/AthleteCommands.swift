import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct AthleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "athlete", abstract: "Add, list, show, edit and remove athletes.",
        subcommands: [
            Add.self, Import.self, List.self, Show.self, Edit.self, Note.self, Remove.self,
        ])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an athlete (their data gets its own key).",
            discussion: HelpExamples.athleteAdd)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Short handle, e.g. jane.") var handle: String
        @OptionGroup var profile: ProfileOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                guard profile.name != nil else {
                    throw CLIError.usage("pass the athlete's --name \"Full Name\"")
                }
                var p = AthleteProfile(
                    handle: handle, name: "", timeZone: TimeZone.current.identifier)
                try profile.apply(to: &p)
                let id = try global.session().addAthlete(p)
                if output.json {
                    print(
                        try Render.json(Added(id: id.rawValue, profile: p), shape: "athlete-added"));
                    return
                }
                print("Added athlete '\(handle)':\n" + ProfileText.indented(p))
            }
        }

        /// What `--json` prints: the new athlete's id and profile as stored.
        struct Added: Encodable {
            let id: String
            let profile: AthleteProfile
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the athletes you hold.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let athletes = try global.session().listAthletes()
                if output.json {
                    print(
                        try Render.json(
                            athletes.map(\.profile), shape: "athlete-list", key: "athletes"));
                    return
                }
                print(
                    Render.table(
                        ["HANDLE", "NAME", "SPORTS", "FTP", "LTHR", "TIME ZONE"],
                        athletes.map {
                            let p = $0.profile
                            return [
                                p.handle, p.name, p.sports.map(\.rawValue).joined(separator: ","),
                                p.thresholds.ftpW.map { Render.number($0) + " W" } ?? "",
                                p.thresholds.lthrBpm.map { Render.number($0) } ?? "", p.timeZone,
                            ]
                        }))
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show an athlete's profile.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "Athlete handle (athlete users may omit it).") var handle: String?

        func run() throws {
            try guarded {
                let p = try global.session().athleteProfile(handle.map(Handle.init))
                if output.json { print(try Render.json(p, shape: "athlete")); return }
                print(ProfileText.render(p))
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change profile fields.")
        @OptionGroup var global: GlobalOptions
        @Argument var handle: String
        @Option(help: "Rename the handle.") var newHandle: String?
        @OptionGroup var profile: ProfileOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                let p = try global.session().editAthlete(Handle(handle)) { p in
                    try profile.apply(to: &p)
                    if let newHandle { p.handle = newHandle }
                }
                if output.json { print(try Render.json(p, shape: "athlete")); return }
                print("Updated athlete '\(p.handle)':\n" + ProfileText.indented(p))
            }
        }
    }

    struct Note: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set the coach's notes: goals, strengths, weaknesses…")
        @OptionGroup var global: GlobalOptions
        @Argument var handle: String
        @Option var goals: String?
        @Option var strengths: String?
        @Option var weaknesses: String?
        @Option var equipment: String?
        @Option var locations: String?
        @Option var schedule: String?

        func run() throws {
            try guarded {
                try global.session().editAthlete(Handle(handle), action: "athlete.note") { p in
                    if let goals { p.notes.goals = goals }
                    if let strengths { p.notes.strengths = strengths }
                    if let weaknesses { p.notes.weaknesses = weaknesses }
                    if let equipment { p.notes.equipment = equipment }
                    if let locations { p.notes.locations = locations }
                    if let schedule { p.notes.schedule = schedule }
                }
                print("Updated notes of '\(handle)'.")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an athlete and destroy their keys (cannot be undone).")
        @OptionGroup var global: GlobalOptions
        @Argument var handle: String
        @Flag(help: "Do not ask for confirmation.") var yes = false

        func run() throws {
            try guarded {
                let session = try global.session()
                _ = try session.athlete(Handle(handle))
                try Confirm.typed(
                    "Removing '\(handle)' destroys every record and key; it cannot be undone.",
                    word: handle, yes: yes, action: "remove")
                try session.removeAthlete(Handle(handle))
                print("Removed athlete '\(handle)'; their keys are destroyed.")
            }
        }
    }
}

/// Human-readable profile text for `athlete show`.
enum ProfileText {
    /// The profile's lines indented under a confirmation line.
    static func indented(_ p: AthleteProfile) -> String {
        render(p).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
    }

    static func render(_ p: AthleteProfile) -> String {
        var lines: [(String, String)] = [("handle", p.handle), ("name", p.name)]
        func add(_ k: String, _ v: String?) { if let v, !v.isEmpty { lines.append((k, v)) } }
        let imperial = p.units == .imperial
        add("email", p.email)
        add("birth date", p.birthDate?.description)
        add("sex", p.sex?.rawValue)
        add("units", p.units.rawValue)
        add("time zone", p.timeZone)
        add("sports", p.sports.map(\.rawValue).joined(separator: ", "))
        add(
            "height",
            p.heightCm.map {
                imperial ? Render.number($0 / 2.54) + " in" : Render.number($0) + " cm"
            })
        add(
            "weight",
            p.weightKg.map {
                imperial ? Render.number($0 / 0.45359237) + " lb" : Render.number($0) + " kg"
            })
        add("body fat", p.bodyFatPct.map { Render.number($0) + " %" })
        add("FTP", p.thresholds.ftpW.map { Render.number($0) + " W" })
        add(
            "threshold pace",
            p.thresholds.thresholdPaceSPerKm.map {
                imperial ? Pace.format($0 * 1.609344) + "/mi" : Pace.format($0) + "/km"
            })
        add("LTHR", p.thresholds.lthrBpm.map { Render.number($0) + " bpm" })
        add("CSS", p.thresholds.cssSPer100m.map { Pace.format($0) + "/100m" })
        add("resting HR", p.thresholds.restHrBpm.map { Render.number($0) + " bpm" })
        add("max HR", p.thresholds.maxHrBpm.map { Render.number($0) + " bpm" })
        add(
            "PMC",
            "\(p.pmc.model.rawValue), CTL \(Render.number(p.pmc.ctlDays)) d, ATL \(Render.number(p.pmc.atlDays)) d"
        )
        add(
            "nutrition",
            "\(p.nutrition.activityLevel.rawValue), goal \(p.nutrition.goal.rawValue), \(p.nutrition.bmrFormula.rawValue), \(p.nutrition.targetMode.rawValue)"
        )
        add("step goal", p.activity.stepGoals.last.map { "\($0.steps) since \($0.from)" })
        add("AI consent", p.aiConsent ? "yes" : "no")
        add("goals", p.notes.goals)
        add("strengths", p.notes.strengths)
        add("weaknesses", p.notes.weaknesses)
        add("equipment", p.notes.equipment)
        add("locations", p.notes.locations)
        add("schedule", p.notes.schedule)
        let w = lines.map(\.0.count).max() ?? 0
        return lines.map {
            Terminal.dim($0.0.padding(toLength: w, withPad: " ", startingAt: 0)) + "  " + $0.1
        }
        .joined(separator: "\n")
    }
}
