import CoachApp
import CoachKit
import CoachTestSupport
import Foundation
import Testing

/// The AI-coach scene of the prompt and plan tests: the canary-filled 60-day athlete of
/// `PromptFixtures` as `zed` (AI consent given) with a done session on Friday 2026-11-20 and a
/// coach's long ride on Monday 2026-11-23, beside jane and bert (no consent, no data), at
/// 18:00 on that Friday.
enum ConsentingAthlete {
    static let now = "2026-11-20T18:00:00+01:00"
    static let handle = Handle("zed")

    static func dataset() throws -> AthleteDataset {
        var d = try PromptFixtures.dataset()
        d.athlete.handle = handle.rawValue
        let done = try #require(d.workouts.last { $0.start.day(in: d.athlete.zone) == friday })
        var run = PlannedSession(id: "s-done", date: friday, title: "Morning run")
        run.sport = .running
        run.plannedDurationS = 3600
        run.linkedWorkout = done.id
        var ride = PlannedSession(id: "s-long", date: monday, title: "Long ride")
        ride.sport = .cycling
        ride.plannedDurationS = 10800
        d.weeks = [
            ProgramWeek(id: "w-now", start: friday.monday, title: "Build", sessions: [run]),
            ProgramWeek(id: "w-next", start: monday, sessions: [ride]),
        ]
        return d
    }

    static let friday = LocalDay("2026-11-20")!
    static let monday = LocalDay("2026-11-23")!

    static func sandbox() throws -> WorkspaceSandbox {
        let s = try WorkspaceSandbox(now: now)
        try s.add(try dataset())
        return s
    }

    /// A reply echoing `export`'s references that plans `days`: an easy spin on the first, rest
    /// days after it.
    static func reply(athleteRef: String, exportRef: String, days: [String] = ["2026-11-23"])
        -> String
    {
        let byWeek = Dictionary(grouping: days) { d -> String in
            d >= "2026-11-23" ? "2026-11-23" : "2026-11-16"
        }
        let weeks = byWeek.keys.sorted().map { start -> String in
            let list = byWeek[start]!.map { d -> String in
                let sessions =
                    d == days[0]
                    ? #"[{"title": "Easy spin", "sport": "cycling", "planned_duration_min": 60, "#
                        + #""planned_tss": 40, "rationale": "TSB below zero (training-load)"}]"#
                    : "[]"
                return #"{"date": "\#(d)", "sessions": \#(sessions)}"#
            }
            return #"{"start": "\#(start)", "days": [\#(list.joined(separator: ", "))]}"#
        }
        return #"{"format": "coach/suggested-plan/1", "athlete_ref": "\#(athleteRef)", "#
            + #""export_ref": "\#(exportRef)", "weeks": [\#(weeks.joined(separator: ", "))]}"#
    }
}
