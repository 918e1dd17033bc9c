import CoachApp
import CoachKit
import CoachMetrics
import CoachPrompt
import CoachViews
import Foundation

/// Inputs for the renderer tests, built from the fixture datasets without a workspace.
enum PromptFixtures {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    /// The 60-day fixture with a canary-filled profile, one planned week and wellness notes.
    static func dataset() throws -> AthleteDataset {
        var d = try JSONDecoder().decode(AthleteDataset.self, from: data("views-60-days.json"))
        d.athlete.name = Canary.name
        d.athlete.email = Canary.email
        d.athlete.timeZone = "Etc/GMT-1"
        d.athlete.notes.goals = Canary.goals
        d.athlete.notes.strengths = Canary.strengths
        d.athlete.notes.weaknesses = Canary.weaknesses
        d.athlete.notes.equipment = Canary.equipment
        d.athlete.notes.locations = Canary.location
        d.athlete.notes.schedule = Canary.schedule
        d.athlete.aiConsent = true
        for i in d.wellness.indices where i % 3 == 0 { d.wellness[i].notes = Canary.wellness }
        for i in d.workouts.indices { d.workouts[i].title = Canary.workoutTitle }
        return d
    }

    /// The weeks of the plan: last week with one session, this week with two.
    static func weeks(today: LocalDay) -> [PromptWeek] {
        var done = PlannedSession(id: "s1", date: today.monday.adding(days: -6), title: "Tempo run")
        done.sport = .running
        done.plannedDurationS = 3600
        done.plannedTss = 70
        done.notes = Canary.sessionNote
        var next = PlannedSession(
            id: "s2", date: today.adding(days: 1), title: "Long ride", origin: .ai)
        next.sport = .cycling
        next.plannedDurationS = 10800
        next.detail = "Zone 2"
        return [
            PromptWeek(
                label: "last week", start: today.monday.adding(days: -7), title: "Build",
                notes: Canary.weekNote,
                adherence: 92,
                sessions: [
                    PromptSession(
                        session: done, status: "done", adherence: 92,
                        compliance: "green")
                ]),
            PromptWeek(
                label: "this week", start: today.monday, title: nil, notes: nil, adherence: nil,
                sessions: [
                    PromptSession(session: next, status: "planned", adherence: nil, compliance: nil)
                ]),
        ]
    }

    static let today = LocalDay("2026-11-20")!
    static let now = Instant("2026-11-20T18:00:00+01:00")!.date

    /// The input of an export over `days` days of `dataset`.
    static func input(_ dataset: AthleteDataset? = nil, days: Int = 7) throws -> PromptInput {
        let d = try dataset ?? self.dataset()
        return try PromptInputMaker.make(
            evaluation: MetricEvaluation(d), weeks: weeks(today: today),
            moment: ViewMoment(day: today, now: now), days: days,
            athleteRef: "ath_00000000000000000001", exportRef: "exp_00000000000000000001")
    }
}

/// Strings that must never appear in a redacted export.
enum Canary {
    static let name = "Zelda CanaryName Quux"
    static let email = "canary.mail@example.invalid"
    static let goals = "CANARY-GOAL sub-3 marathon"
    static let strengths = "CANARY-STRENGTH climbing"
    static let weaknesses = "CANARY-WEAKNESS descending"
    static let equipment = "CANARY-EQUIPMENT smart trainer"
    static let location = "CANARY-LOCATION Lakeside Track Ushuaia"
    static let schedule = "CANARY-SCHEDULE night shifts"
    static let wellness = "CANARY-WELLNESS slept at my mother's"
    static let workoutTitle = "CANARY-WORKOUT ride to Lakeside"
    static let sessionNote = "CANARY-SESSION bring the clinic letter"
    static let weekNote = "CANARY-WEEK travel to Ushuaia"

    static let all = [
        name, email, goals, strengths, weaknesses, equipment, location, schedule, wellness,
        workoutTitle, sessionNote, weekNote,
    ]
    /// Distinctive fragments: any of them in an export is a leak.
    static let fragments = [
        "CanaryName", "Zelda", "canary.mail", "CANARY-", "Ushuaia", "Lakeside", "1994-05-02",
        "Etc/GMT",
    ]
}
