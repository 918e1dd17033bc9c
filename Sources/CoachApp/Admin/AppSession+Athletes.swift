import CoachKit
import CoachStore
import Foundation

extension AppSession {
    /// Adds an athlete with a fresh data key; returns the new id.
    @discardableResult
    public func addAthlete(_ profile: AthleteProfile) throws -> AthleteID {
        try workspace.addAthlete(profile, as: principal)
    }

    /// Every athlete the user holds, sorted by handle; a tampered grant is an error naming the athlete.
    public func listAthletes() throws -> [AthleteSummary] {
        try workspace.listAthletes(as: principal)
    }

    /// One athlete's profile (an athlete user's own when `handle` is nil).
    public func athleteProfile(_ handle: Handle?) throws -> AthleteProfile {
        try athlete(handle).profile
    }

    /// Changes an athlete's profile with `change`; returns the profile as stored.
    ///
    /// The grant is verified again inside the write, so a change never lands under a key the
    /// user no longer holds.
    ///
    /// - Parameter action: the audit action recorded (`athlete.edit`, `athlete.note`, `goal.steps`).
    @discardableResult
    public func editAthlete(
        _ handle: Handle?, action: String = "athlete.edit",
        _ change: (inout AthleteProfile) throws -> Void
    ) throws -> AthleteProfile {
        // The role rules (a coach does not change AI consent) are the store's, on every path.
        try workspace.updateProfile(try athlete(handle), action: action, change)
    }

    /// Sets the daily step goal from a day on (past days keep their goal), and optionally the
    /// bonus-day rules.
    ///
    /// - Parameter from: a day expression in the athlete's zone.
    /// - Returns: the profile as stored and the first day of the new goal.
    public func setStepGoal(
        _ handle: Handle?, steps: Int, from: String, bonusEvery: Int?, maxBonus: Int?
    ) throws
        -> (profile: AthleteProfile, start: LocalDay)
    {
        var start = LocalDay(date: now, timeZone: .gmt)
        let profile = try editAthlete(handle, action: "goal.steps") { p in
            start = try DayExpression.parse(from, today: LocalDay(date: now, timeZone: p.zone))
            p.activity.setStepGoal(steps, from: start)
            if let bonusEvery { p.activity.bonusEvery = bonusEvery }
            if let maxBonus { p.activity.maxBonus = maxBonus }
        }
        return (profile, start)
    }

    /// Deletes an athlete with every key, grant and record (crypto-shredding).
    public func removeAthlete(_ handle: Handle) throws {
        try workspace.removeAthlete(try athlete(handle))
    }
}
