import ArgumentParser
import CoachKit
import CoachStore
import Foundation

/// `--athlete` and `--date`, shared by every `coach log` command.
struct LogTarget: ParsableArguments {
    @Option(help: "The athlete (athlete users log for themselves without it).") var athlete: String?
    @Option(parsing: .unconditional, help: "Day: today (default), yesterday, -3d or YYYY-MM-DD.") var date: String = "today"
}

/// The resolved context of one log command: workspace, user, athlete, their zone and the day.
struct LogContext {
    let workspace: Workspace
    let actor: Principal
    let athleteId: String
    let profile: AthleteProfile
    let day: LocalDay
    let clock: any Clock

    init(_ global: GlobalOptions, _ target: LogTarget) throws {
        let ctx = try CommandContext(global)
        (workspace, actor) = try ctx.authenticate()
        let athlete = try workspace.targetProfile(target.athlete, as: actor)
        athleteId = athlete.id
        profile = athlete.profile
        clock = ctx.clock
        let today = LocalDay(date: clock.now(), timeZone: profile.zone)
        day = try DayExpression.parse(target.date, today: today)
        guard day <= today else { throw CoachKitError.outOfRange(field: "--date", range: "today or earlier") }
    }

    /// "Now" when logging for today, else noon of the chosen day, in the athlete's zone.
    var instant: Instant {
        let zone = profile.zone
        let now = Date(timeIntervalSince1970: clock.now().timeIntervalSince1970.rounded(.down))
        if day == LocalDay(date: now, timeZone: zone) { return Instant(date: now, timeZone: zone) }
        return Instant(date: day.instant(secondsSinceMidnight: 12 * 3600, in: zone), timeZone: zone)
    }

    /// Refuses an instant that is not on the logged day or lies in the future.
    func requireOnDay(_ at: Instant, option: String) throws {
        let d = at.day(in: profile.zone)
        guard d == day else {
            throw CLIError.usage("\(option) falls on \(d), not on the logged day \(day); give --date \(d) as well")
        }
        guard at.date <= clock.now() else { throw CLIError.usage("\(option) is in the future") }
    }

    /// Parses `HH:MM` on the chosen day, or `DAY HH:MM`, as athlete-local wall time.
    func instant(parsing text: String) throws -> Instant {
        try WallTime.parse(text, on: day, today: LocalDay(date: clock.now(), timeZone: profile.zone), zone: profile.zone)
    }

    /// Validates and stores an entry, then prints one confirmation line.
    func save<T: Encodable>(_ value: T, id: String, kind: RecordKind, what: String) throws {
        try workspace.putLog(value, id: id, kind: kind, day: day, athleteId: athleteId, as: actor)
        print("Logged \(what) for \(profile.handle) on \(day) (id \(id)).")
    }

    /// Builds, validates and stores a wellness entry (mood, soreness, notes).
    func saveWellness(mood: Int?, doms: [String], notes: String?, what: String) throws {
        let e = WellnessEntry(id: Self.newId(), day: day, mood: mood, doms: try MuscleGroup.parseLevels(doms), notes: notes)
        try e.validate()
        try save(e, id: e.id, kind: .wellness, what: what)
    }

    static func newId() -> String { UUID().uuidString.lowercased() }
}
