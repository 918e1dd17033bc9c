import CoachCrypto
import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// Adds a session to the week holding its date, creating that week when needed.
    ///
    /// - Parameters:
    ///   - session: the session; its id is replaced by a fresh short id.
    ///   - week: the Monday the caller named, if any; the date must fall in that week.
    ///   - order: the position within the day; later sessions of that day move down. Last when `nil`.
    /// - Returns: the stored session.
    /// - Throws: `StoreError.invalidData` for a date outside the named week or a bad value,
    ///   `StoreError.permissionDenied` for athlete users.
    public func addSession(
        _ session: PlannedSession, week: LocalDay?, order: Int?, for athlete: AthleteAccess
    ) throws -> PlannedSession {
        let actor = athlete.actor
        try requirePlanner(actor)
        if let week {
            do { try PlanRules.validate(session, inWeekOf: week.monday) } catch let e
                as CoachKitError
            { throw StoreError.invalidData(e.localizedDescription) }
        }
        return try write { db in
            let keyring = try writingKeyring(db, athlete)
            let weeks = try loadWeeks(db, keyring: keyring)
            var s = session
            s.id = newSessionId(weeks)
            var target =
                weeks.first { $0.start == s.date.monday }
                ?? ProgramWeek(id: newWeekId(weeks), start: s.date)
            Self.place(&s, order: order, in: &target)
            try storeWeek(db, keyring: keyring, target, actor: actor, action: "plan.session.add")
            return s
        }
    }

    /// Edits a session. Athlete users may only record or clear adherence on their own sessions.
    ///
    /// - Throws: `StoreError.sessionNotFound`, `StoreError.permissionDenied`, `StoreError.invalidData`.
    public func editSession(
        id: PlannedSessionID, patch: SessionPatch, for athlete: AthleteAccess
    ) throws -> PlannedSession {
        let actor = athlete.actor
        if !actor.isStaff && !patch.onlyAdherence {
            throw StoreError.adherenceOnly
        }
        return try write { db in
            let keyring = try writingKeyring(db, athlete)
            var (weeks, w, i) = try locate(db, keyring: keyring, session: id)
            let updated: PlannedSession
            do { updated = try patch.applied(to: weeks[w].sessions[i]) } catch let e
                as CoachKitError
            { throw StoreError.invalidData(e.localizedDescription) }
            weeks[w].sessions[i] = updated
            try storeWeek(
                db, keyring: keyring, weeks[w], actor: actor,
                action: patch.onlyAdherence ? "plan.session.adherence" : "plan.session.edit")
            return updated
        }
    }

    /// Removes a session from its week (the week stays, possibly empty).
    public func removeSession(id: PlannedSessionID, for athlete: AthleteAccess) throws {
        let actor = athlete.actor
        try requirePlanner(actor)
        try write { db in
            let keyring = try writingKeyring(db, athlete)
            var (weeks, w, i) = try locate(db, keyring: keyring, session: id)
            weeks[w].sessions.remove(at: i)
            try storeWeek(
                db, keyring: keyring, weeks[w], actor: actor, action: "plan.session.remove")
        }
    }

    /// Moves a session to another day (any week; the target week is created when needed) and/or
    /// to another position within the day.
    public func moveSession(
        id: PlannedSessionID, to date: LocalDay, order: Int?, for athlete: AthleteAccess
    ) throws -> PlannedSession {
        let actor = athlete.actor
        try requirePlanner(actor)
        return try write { db in
            let keyring = try writingKeyring(db, athlete)
            var (weeks, w, i) = try locate(db, keyring: keyring, session: id)
            var s = weeks[w].sessions.remove(at: i)
            s.date = date
            if weeks[w].start == date.monday {
                Self.place(&s, order: order, in: &weeks[w])
                try storeWeek(
                    db, keyring: keyring, weeks[w], actor: actor, action: "plan.session.move")
            } else {
                try storeWeek(db, keyring: keyring, weeks[w], actor: actor, action: nil)
                var target =
                    weeks.first { $0.start == date.monday }
                    ?? ProgramWeek(id: newWeekId(weeks), start: date)
                Self.place(&s, order: order, in: &target)
                try storeWeek(
                    db, keyring: keyring, target, actor: actor, action: "plan.session.move")
            }
            return s
        }
    }

    /// The weeks and the position of session `id`.
    func locate(_ db: Database, keyring: AthleteKeyring, session id: PlannedSessionID) throws
        -> ([ProgramWeek], Int, Int)
    {
        let weeks = try loadWeeks(db, keyring: keyring)
        for (w, week) in weeks.enumerated() {
            if let i = week.sessions.firstIndex(where: { $0.id == id.rawValue }) {
                return (weeks, w, i)
            }
        }
        throw StoreError.sessionNotFound(id.rawValue)
    }

    /// Puts `s` into `week` at `order` on its day (last when `nil`), renumbering that day 0, 1, 2….
    static func place(_ s: inout PlannedSession, order: Int?, in week: inout ProgramWeek) {
        var day = week.sessions.filter { $0.date == s.date && $0.id != s.id }
            .sorted { ($0.order, $0.id) < ($1.order, $1.id) }
        let at = min(max(order ?? day.count, 0), day.count)
        day.insert(s, at: at)
        for k in day.indices { day[k].order = k }
        s = day[at]
        week.sessions = week.sessions.filter { $0.date != s.date && $0.id != s.id } + day
    }
}
