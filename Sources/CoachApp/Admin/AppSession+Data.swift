import CoachKit
import CoachStore
import Foundation

extension AppSession {
    /// The whole of one athlete's data in the interchange format.
    public func exportDataset(_ handle: Handle?) throws -> AthleteDataset {
        try workspace.dataset(of: try athlete(handle))
    }

    /// Imports a dataset into an athlete (or a new one with `create`), all or nothing; with
    /// `dryRun` only reports what would change.
    public func importDataset(
        _ dataset: AthleteDataset, athlete handle: Handle?, create: Bool, dryRun: Bool = false
    ) throws -> ImportSummary {
        let handle = handle ?? (create ? nil : currentAthlete?.handle)
        return dryRun
            ? try workspace.previewImport(dataset, handle: handle, create: create, as: principal)
            : try workspace.importDataset(dataset, handle: handle, create: create, as: principal)
    }

    /// Log entries of an athlete over the last `days` days (ending today in their zone).
    public func logEntries(_ handle: Handle?, kinds: [RecordKind], days: Int) throws
        -> (athlete: AthleteAccess, entries: [LogEntry])
    {
        let athlete = try athlete(handle)
        let today = LocalDay(date: now, timeZone: athlete.profile.zone)
        let entries = try workspace.logEntries(
            of: athlete, kinds: kinds, from: today.adding(days: 1 - days), through: today)
        return (athlete, entries)
    }

    /// Changes the given fields of one log entry, named by its id or a unique prefix of it.
    ///
    /// - Returns: the entry as edited and its athlete's profile (opened once, for the echo).
    public func editLog(_ id: RecordID, athlete handle: Handle?, patch: LogPatch) throws -> LogEdit
    {
        let athlete = try athlete(handle)
        let entry = try workspace.editLog(
            id: try resolveRecord(id, of: athlete), of: athlete, patch: patch, now: now)
        return LogEdit(entry: entry, profile: athlete.profile)
    }

    /// Deletes one log entry, named by its id or a unique prefix of it.
    ///
    /// - Returns: the full id of the entry removed.
    @discardableResult
    public func removeLog(_ id: RecordID, athlete handle: Handle?) throws -> RecordID {
        let athlete = try athlete(handle)
        let full = try resolveRecord(id, of: athlete)
        try workspace.removeLog(id: full, of: athlete)
        return full
    }
}
