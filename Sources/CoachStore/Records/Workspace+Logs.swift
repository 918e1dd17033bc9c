import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// Writes one log entry (new, or replacing the entry with the same id) for an athlete
    /// opened earlier in the command, through the keys opened then.
    ///
    /// Access is the athlete's key: athlete users hold only their own, coaches only theirs.
    /// - Throws: `StoreError.retiredEpoch` when the athlete's key was rotated since it was opened.
    public func putLog<T: Encodable>(
        _ value: T, id: RecordID, kind: RecordKind, day: LocalDay, for athlete: AthleteAccess
    ) throws {
        guard kind != .profile, kind != .week else {
            throw StoreError.invalidInput("use athlete edit or plan commands")
        }
        let payload = try JSONCoding.encode(value)
        _ = try write { db in
            try putRecord(
                db, keyring: try writingKeyring(db, athlete), id: id, kind: kind,
                day: day.description, payload: payload, actor: athlete.actor,
                action: "log.\(kind.rawValue)")
        }
    }

    /// Log entries of an athlete between two days (inclusive), oldest first, in time order
    /// within a day (`LogEntry.listedBefore`).
    public func logEntries(
        of athlete: AthleteAccess, kinds: [RecordKind], from: LocalDay, through: LocalDay
    ) throws -> [LogEntry] {
        let wanted =
            kinds.isEmpty ? RecordKind.allCases.filter { $0 != .profile && $0 != .week } : kinds
        return try read { db in
            try verifyRecordHead(
                db, athleteId: athlete.keyring.athleteId, actor: athlete.actor, full: true,
                keyring: athlete.keyring)
            return try fetchRecords(
                db, keyring: athlete.keyring, kinds: wanted, from: from.description,
                through: through.description
            )
            .map {
                LogEntry(
                    id: $0.id, kind: $0.kind, day: $0.day,
                    entry: try JSONCoding.decode(JSONValue.self, from: $0.payload))
            }
            .sorted(by: LogEntry.listedBefore)
        }
    }

    /// Deletes a log entry by id.
    ///
    /// - Throws: `StoreError.recordNotFound` for an unknown id (or a profile or week);
    ///   `StoreError.retiredEpoch` when the athlete's key was rotated since it was opened.
    public func removeLog(id: RecordID, of athlete: AthleteAccess) throws {
        try write { db in
            let keyring = try writingKeyring(db, athlete)
            guard let record = try fetchRecord(db, keyring: keyring, id: id),
                record.kind != .profile, record.kind != .week
            else {
                throw StoreError.recordNotFound(id.rawValue)
            }
            try deleteRecord(
                db, keyring: keyring, id: id, actor: athlete.actor, action: "log.remove")
        }
    }
}
