import CoachKit
import CoachStore
import Foundation

/// Log entries as a listing shows them: each with the shortest prefix of its id that no other
/// entry of the athlete shares.
public struct LogListing {
    /// The athlete listed.
    public let athlete: AthleteAccess
    /// The entries, oldest first.
    public let entries: [LogEntry]
    /// The printed prefix of every id of the athlete, keyed by id.
    public let prefixes: [String: String]

    /// The printed prefix of `id`.
    public func prefix(of id: String) -> String { prefixes[id] ?? id }
}

extension AthleteDataset {
    /// Every record id (weeks excepted): the ids a log entry may be named by.
    public var recordIDs: [String] {
        wellness.map(\.id) + workouts.map(\.id) + biometrics.map(\.id) + sleep.map(\.id)
            + food.map(\.id) + steps.map(\.id) + weight.map(\.id)
    }
}

extension AppSession {
    /// The record `text` names for `athlete`: its full id or a unique prefix of it (a text that
    /// starts no id is returned as it is, for the store to report as not found).
    ///
    /// - Throws: `CoachKitError.ambiguousID` when the prefix starts several ids.
    public func resolveRecord(_ text: RecordID, of athlete: AthleteAccess) throws -> RecordID {
        let ids = try workspace.dataset(of: athlete).recordIDs
        return RecordID(try IDPrefix.resolve(text.rawValue, among: ids) ?? text.rawValue)
    }

    /// Log entries of an athlete over `days` days ending on `date` (default today), with the
    /// printed prefixes of their ids.
    ///
    /// - Parameters:
    ///   - date: a day expression for the last day shown; nil for today.
    public func logListing(_ handle: Handle?, kinds: [RecordKind], days: Int, date: String?)
        throws -> LogListing
    {
        let athlete = try athlete(handle)
        let today = LocalDay(date: now, timeZone: athlete.profile.zone)
        let last = try date.map { try DayExpression.parse($0, today: today) } ?? today
        let entries = try workspace.logEntries(
            of: athlete, kinds: kinds, from: last.adding(days: 1 - days), through: last)
        let ids = try workspace.dataset(of: athlete).recordIDs
        return LogListing(athlete: athlete, entries: entries, prefixes: IDPrefix.shortest(ids))
    }
}

extension PlanBook {
    /// The planned session `text` names: its id or a unique prefix of it.
    ///
    /// - Throws: `CoachKitError.ambiguousID` when the prefix starts several sessions.
    public func resolveSession(_ text: PlannedSessionID) throws -> PlannedSessionID {
        let ids = try snapshot().sessions.map(\.id)
        return PlannedSessionID(try IDPrefix.resolve(text.rawValue, among: ids) ?? text.rawValue)
    }

    /// The printed prefix of every planned session and workout id of the athlete.
    public func idPrefixes() throws -> [String: String] {
        let s = try snapshot()
        return IDPrefix.shortest(s.sessions.map(\.id) + s.workouts.map(\.id))
    }

    /// The workout `text` names: its id or a unique prefix of it.
    func resolveWorkout(_ text: String) throws -> String {
        try IDPrefix.resolve(text, among: try snapshot().workouts.map(\.id)) ?? text
    }
}
