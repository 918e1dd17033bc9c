import CoachApp
import CoachKit
import CoachMetrics
import CoachPrompt
import CoachViews
import Foundation

/// Inputs for the renderer tests, built from the fixture datasets without a workspace.
public enum PromptFixtures {
    public static let fixtures = TestFixtures.directory

    public static func data(_ name: String) throws -> Data { try TestFixtures.data(name) }

    /// The 60-day fixture with a canary-filled profile, one planned week and wellness notes.
    public static func dataset() throws -> AthleteDataset {
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
    public static func weeks(today: LocalDay) -> [PromptWeek] {
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

    public static let today = LocalDay("2026-11-20")!
    public static let now = Instant("2026-11-20T18:00:00+01:00")!.date

    /// The input of an export over `days` days of `dataset`.
    public static func input(_ dataset: AthleteDataset? = nil, days: Int = 7) throws -> PromptInput
    {
        let d = try dataset ?? self.dataset()
        return try PromptInputMaker.make(
            evaluation: MetricEvaluation(d), weeks: weeks(today: today),
            moment: ViewMoment(day: today, now: now), days: days,
            athleteRef: "ath_00000000000000000001", exportRef: "exp_00000000000000000001")
    }
}

/// Strings that must never appear in a redacted export.
public enum Canary {
    public static let name = "Zelda CanaryName Quux"
    public static let email = "canary.mail@example.invalid"
    public static let goals = "CANARY-GOAL sub-3 marathon"
    public static let strengths = "CANARY-STRENGTH climbing"
    public static let weaknesses = "CANARY-WEAKNESS descending"
    public static let equipment = "CANARY-EQUIPMENT smart trainer"
    public static let location = "CANARY-LOCATION Lakeside Track Ushuaia"
    public static let schedule = "CANARY-SCHEDULE night shifts"
    public static let wellness = "CANARY-WELLNESS slept at my mother's"
    public static let workoutTitle = "CANARY-WORKOUT ride to Lakeside"
    public static let sessionNote = "CANARY-SESSION bring the clinic letter"
    public static let weekNote = "CANARY-WEEK travel to Ushuaia"

    public static let all = [
        name, email, goals, strengths, weaknesses, equipment, location, schedule, wellness,
        workoutTitle, sessionNote, weekNote,
    ]
    /// Distinctive fragments: any of them in an export is a leak.
    public static let fragments = [
        "CanaryName", "Zelda", "canary.mail", "CANARY-", "Ushuaia", "Lakeside", "1994-05-02",
        "Etc/GMT",
    ]
}
