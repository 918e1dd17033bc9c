import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// Writes one log entry (new, or replacing the entry with the same id) for an athlete.
    ///
    /// Access is the athlete's key: athlete users hold only their own, coaches only theirs.
    public func putLog<T: Encodable>(
        _ value: T, id: String, kind: RecordKind, day: LocalDay,
        athleteId: AthleteID, as actor: Principal
    ) throws {
        try putLog(
            value, id: id, kind: kind, day: day, for: try openAthlete(id: athleteId, as: actor),
            as: actor)
    }

    /// Writes one log entry for an athlete opened earlier in the command, through the keys opened
    /// then (refused if the athlete's key was rotated since).
    public func putLog<T: Encodable>(
        _ value: T, id: String, kind: RecordKind, day: LocalDay,
        for athlete: AthleteAccess, as actor: Principal
    ) throws {
        guard kind != .profile, kind != .week else {
            throw StoreError.invalidInput("use athlete edit or plan commands")
        }
        let payload = try JSONCoding.encode(value)
        _ = try write { db in
            try putRecord(
                db, keyring: athlete.keyring, id: id, kind: kind, day: day.description,
                payload: payload,
                actor: actor, action: "log.\(kind.rawValue)")
        }
    }

    /// Log entries of an athlete between two days (inclusive), oldest first.
    public func logEntries(
        athleteId: AthleteID, kinds: [RecordKind], from: LocalDay, through: LocalDay,
        as actor: Principal
    ) throws -> [LogEntry] {
        let athleteId = athleteId.rawValue
        let wanted =
            kinds.isEmpty ? RecordKind.allCases.filter { $0 != .profile && $0 != .week } : kinds
        return try read { db in
            let keyring = try AthleteKeyring.open(db, athleteId: athleteId, principal: actor)
            return try fetchRecords(
                db, keyring: keyring, kinds: wanted, from: from.description,
                through: through.description
            )
            .map {
                LogEntry(
                    id: $0.id, kind: $0.kind, day: $0.day,
                    entry: try JSONCoding.decode(JSONValue.self, from: $0.payload))
            }
            .sorted { ($0.day, $0.kind.rawValue, $0.id) < ($1.day, $1.kind.rawValue, $1.id) }
        }
    }

    /// Deletes a log entry by id.
    public func removeLog(id: RecordID, athleteId: AthleteID, as actor: Principal) throws {
        let athleteId = athleteId.rawValue, id = id.rawValue
        try write { db in
            let keyring = try AthleteKeyring.open(db, athleteId: athleteId, principal: actor)
            guard let record = try fetchRecord(db, keyring: keyring, id: id),
                record.kind != .profile, record.kind != .week
            else {
                throw StoreError.recordNotFound(id)
            }
            try deleteRecord(db, keyring: keyring, id: id, actor: actor, action: "log.remove")
        }
    }
}
