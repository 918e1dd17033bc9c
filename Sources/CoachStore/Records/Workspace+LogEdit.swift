import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// Changes the given fields of one log entry, keeping its id and kind.
    ///
    /// Reads the entry and the athlete's profile (units, time zone) under the athlete's key,
    /// applies `patch`, validates the whole entry against the physiological ranges and writes it
    /// back as a new version, with an audit entry — all in one transaction, so a refused edit
    /// writes nothing. Access is the same as `putLog`: athlete users reach only their own
    /// athlete, coaches and the owner the athletes whose key they hold.
    /// - Parameters:
    ///   - id: the entry's id, as `coach log show` lists it.
    ///   - athlete: the athlete the entry belongs to, as opened for the command.
    ///   - patch: the fields to change.
    ///   - now: the current time (from the caller's clock), for day expressions and the no-future rule.
    /// - Returns: the entry as stored after the edit.
    /// - Throws: `StoreError.recordNotFound` for an unknown id; `CoachKitError` for an option that
    ///   does not apply to the entry's kind (`isUsage`) or a bad or out-of-range value;
    ///   `StoreError.retiredEpoch` when the athlete's key was rotated since it was opened.
    public func editLog(id: RecordID, of athlete: AthleteAccess, patch: LogPatch, now: Date)
        throws -> LogEntry
    {
        let actor = athlete.actor
        return try write { db in
            let keyring = try writingKeyring(db, athlete)
            guard let record = try fetchRecord(db, keyring: keyring, id: id),
                record.kind != .profile, record.kind != .week
            else {
                throw StoreError.recordNotFound(id.rawValue)
            }
            let profile = try loadProfile(db, keyring: keyring)
            let ctx = LogPatchContext(
                units: profile.units, zone: profile.zone,
                today: LocalDay(date: now, timeZone: profile.zone))
            let (payload, day) = try Self.patched(record, with: patch, ctx)
            try putRecord(
                db, keyring: keyring, id: id, kind: record.kind, day: day.description,
                payload: payload,
                actor: actor, action: "log.edit")
            return LogEntry(
                id: id.rawValue, kind: record.kind, day: day.description,
                entry: try JSONCoding.decode(JSONValue.self, from: payload))
        }
    }

    /// Decodes a record's payload by kind, applies the patch and encodes it again.
    static func patched(_ record: StoredRecord, with patch: LogPatch, _ ctx: LogPatchContext) throws
        -> ([UInt8], LocalDay)
    {
        func edit<T: Codable>(_ type: T.Type, _ apply: (inout T) throws -> LocalDay) throws -> (
            [UInt8], LocalDay
        ) {
            var value = try JSONCoding.decode(type, from: record.payload)
            let day = try apply(&value)
            return (try JSONCoding.encode(value), day)
        }
        switch record.kind {
        case .wellness: return try edit(WellnessEntry.self) { try patch.apply(to: &$0, ctx) }
        case .workout: return try edit(Workout.self) { try patch.apply(to: &$0, ctx) }
        case .biometric: return try edit(BiometricSample.self) { try patch.apply(to: &$0, ctx) }
        case .sleep: return try edit(SleepRecord.self) { try patch.apply(to: &$0, ctx) }
        case .food: return try edit(FoodEntry.self) { try patch.apply(to: &$0, ctx) }
        case .steps: return try edit(StepsDay.self) { try patch.apply(to: &$0, ctx) }
        case .weight: return try edit(WeightEntry.self) { try patch.apply(to: &$0, ctx) }
        case .profile, .week: throw StoreError.recordNotFound(record.id)
        }
    }
}
