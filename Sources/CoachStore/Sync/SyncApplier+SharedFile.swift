import CoachKit
import CoachTrust
import Foundation
import GRDB

/// Several users syncing from one workspace file: each user's device keeps its own outbox, and
/// only that user's key signs (or signs again) its changes.
extension SyncApplier {
    /// The version a pulled change must pass to be written to a record this device has no
    /// queued change of: the version of the change behind the record, or, when that change
    /// is still queued by another device of this file (another user of it), the version that
    /// user's first queued change started from. The pulled change is then written over the
    /// other user's queued one, whose next sync merges the two (`mergeOverwritten`).
    func versionFloor(known: Row?, othersQueued: [Row]) throws -> Int64 {
        let version: Int64 = known?["version"] ?? 0
        guard let known, let first = othersQueued.first else { return version }
        let behind = try ChangeEnvelope.decode([UInt8](known["envelope"] as Data))
        guard othersQueued.contains(where: { $0["device_id"] == behind.device.rawValue }) else {
            return version
        }
        return try ChangeEnvelope.decode([UInt8](first["envelope"] as Data)).baseVersion
    }

    /// Merges this device's queued changes with the changes another user of this file pulled
    /// over them since (the change behind such a record is a pulled change, of a later
    /// version than the one this device's first queued change to it started from), as a
    /// pull of that change by this user would have: field by field, then the later clock,
    /// the loser kept and listed. Athletes this user no longer holds are left as they are.
    mutating func mergeOverwritten(report: inout ApplyReport) throws {
        guard let device = workspace.syncSigner.withLock({ $0?.device }) else {
            throw SyncFailure.deviceNotOpen
        }
        var seen: Set<[String]> = []
        for row in try Row.fetchAll(
            db, sql: SyncTables.outboxOfDevice, arguments: [device.rawValue])
        {
            let athlete: String = row["athlete_id"], object: String = row["object"]
            guard seen.insert([athlete, object]).inserted else { continue }
            let first = try ChangeEnvelope.decode([UInt8](row["envelope"] as Data))
            guard first.kind != SyncConflictNote.kind,
                let known = try Row.fetchOne(
                    db, sql: SyncTables.recordChange, arguments: [athlete, object])
            else { continue }
            let behind = try ChangeEnvelope.decode([UInt8](known["envelope"] as Data))
            // A change another user of this file made on top of ours, still queued there, is
            // no conflict: it waits for ours (`Workspace.outboxWaits`).
            let queuedThere = try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM outbox
                    WHERE device_id = ? AND athlete_id = ? AND object = ?)
                    """,
                arguments: [behind.device.rawValue, athlete, object])
            // Theirs replaced what ours was made on: a later version, or the same version
            // number but another change (ours was made on a change of another user of this
            // file that a pulled change then beat, so the versions collide). A change keeps
            // its device and clock when a chain is signed again.
            let base = try (row["base"] as Data?).map { try ChangeEnvelope.decode([UInt8]($0)) }
            let replaced =
                base.map { $0.device != behind.device || $0.clock != behind.clock } ?? false
            guard behind.device != device, queuedThere != true,
                behind.version > first.baseVersion || replaced
            else { continue }
            let keyring: AthleteKeyring
            do {
                keyring = try self.keyring(athlete)
            } catch StoreError.permissionDenied {
                continue
            }
            // The change behind the record was checked when it was pulled; it is read from
            // the file again, so it must still be the change that made the record's row, and
            // its signature is checked again, before anything merges it.
            try checkBehind(behind, athlete: athlete, object: object, keyring: keyring)
            _ = try verifyDevice(behind)
            let payload =
                behind.operation == .put
                ? try openBody(behind, keyring: keyring, user: behind.author.rawValue) : nil
            try merge(
                behind, payload: payload, keyring: keyring, report: &report,
                overwritten: behind.version <= first.baseVersion)
        }
        if rechain { try rechainOutbox() }
    }
}
