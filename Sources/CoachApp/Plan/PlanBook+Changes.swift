import CoachKit
import CoachStore
import Foundation

extension PlanBook {
    private var store: any WorkspaceStore { session.workspace }

    /// Creates the week starting `monday` or changes its title and notes.
    @discardableResult
    public func saveWeek(monday: LocalDay, title: String?, notes: String?) throws -> ProgramWeek {
        try store.saveWeek(for: athlete, monday: monday, title: title, notes: notes)
    }

    /// Copies a week to another Monday and/or to the athletes named by `handles` (comma lists
    /// allowed; none: this athlete), each opened once.
    public func copyWeek(from: LocalDay, to: LocalDay, toAthletes handles: [String], replace: Bool)
        throws -> [ProgramWeek]
    {
        try copyWeek(from: from, to: to, targets: try athletes(handles), replace: replace)
    }

    /// Copies a week to another Monday and/or to other athletes (opened with `athletes(_:)`).
    public func copyWeek(from: LocalDay, to: LocalDay, targets: [AthleteAccess], replace: Bool)
        throws -> [ProgramWeek]
    {
        try store.copyWeek(for: athlete, from: from, to: to, targets: targets, replace: replace)
    }

    /// Moves a week, its sessions with it, to another Monday.
    public func moveWeek(from: LocalDay, to: LocalDay) throws -> ProgramWeek {
        try store.moveWeek(for: athlete, from: from, to: to)
    }

    /// Removes the week starting `monday` with its sessions.
    public func removeWeek(monday: LocalDay) throws {
        try store.removeWeek(for: athlete, monday: monday)
    }

    /// Imports weeks, all or nothing (or only reports what would change with `dryRun`): adds
    /// and updates sessions, or with `replace` also removes what the file does not list.
    public func importPlan(_ weeks: [ProgramWeek], dryRun: Bool, replace: Bool = false) throws
        -> PlanImportSummary
    {
        try store.importPlan(weeks, into: athlete, dryRun: dryRun, replace: replace)
    }

    /// Adds a planned session (creating its week when needed).
    public func addSession(_ planned: PlannedSession, week: LocalDay?, order: Int?) throws
        -> PlannedSession
    {
        try store.addSession(planned, week: week, order: order, for: athlete)
    }

    /// Changes the given fields of a planned session.
    /// Ids may be unique prefixes, the linked workout's too.
    public func editSession(_ id: PlannedSessionID, patch: SessionPatch) throws -> PlannedSession {
        var patch = patch
        patch.linkedWorkout = try patch.linkedWorkout.map(resolveWorkout)
        return try store.editSession(id: try resolveSession(id), patch: patch, for: athlete)
    }

    /// Removes a planned session (named by its id or a unique prefix of it).
    ///
    /// - Returns: the full id of the session removed.
    @discardableResult
    public func removeSession(_ id: PlannedSessionID) throws -> PlannedSessionID {
        let full = try resolveSession(id)
        try store.removeSession(id: full, for: athlete)
        return full
    }

    /// Moves a planned session to another day (and position within the day).
    public func moveSession(_ id: PlannedSessionID, to date: LocalDay, order: Int?) throws
        -> PlannedSession
    {
        try store.moveSession(id: try resolveSession(id), to: date, order: order, for: athlete)
    }
}
