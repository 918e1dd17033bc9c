import ArgumentParser
import CoachKit
import CoachStore
import Foundation

/// `--athlete`, shared by every `coach plan` command.
struct PlanTarget: ParsableArguments {
    @Option(help: "The athlete (athlete users read their own plan without it).") var athlete: String?
}

/// The resolved context of one plan command: workspace, user, athlete and today in their zone.
struct PlanContext {
    let workspace: Workspace
    let actor: Principal
    let athleteId: String
    let handle: String
    let zone: TimeZone
    let today: LocalDay
    let now: Date

    init(_ global: GlobalOptions, _ target: PlanTarget) throws {
        let ctx = try CommandContext(global)
        (workspace, actor) = try ctx.authenticate()
        let athlete = try workspace.targetProfile(target.athlete, as: actor)
        athleteId = athlete.id
        handle = athlete.profile.handle
        zone = athlete.profile.zone
        now = ctx.clock.now()
        today = LocalDay(date: now, timeZone: zone)
    }

    /// The Monday of the week `text` names (`current`, `next`, `previous` or a day).
    func monday(_ text: String) throws -> LocalDay { try WeekSelector.monday(text, today: today) }

    /// The athlete's plan snapshot.
    func snapshot() throws -> PlanSnapshot { try workspace.planSnapshot(athleteId: athleteId, as: actor) }

    /// Resolves `--to-athletes B,C` into athlete ids the actor holds.
    func athletes(_ handles: [String]) throws -> [String] {
        try handles.flatMap { $0.split(separator: ",") }.map {
            try workspace.resolveAthlete(String($0).trimmingCharacters(in: .whitespaces), as: actor)
        }
    }

    /// Prints `value` as JSON or `text()` as text.
    func emit<T: Encodable>(_ value: T, json: Bool, text: () -> String) throws {
        print(json ? try Render.json(value) : text())
    }
}
