import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Every conflict sync resolved on this replica, oldest first, each side's record opened
    /// for `actor` where it holds the athlete.
    ///
    /// Each side is checked as it is listed: a change of the row's athlete and record, signed
    /// by a device of the roster for its user (`keptChange`).
    ///
    /// - Throws: `StoreError.tampered` (exit 74) naming the record of a row that fails.
    public func syncConflicts(as actor: Principal) throws -> [SyncConflict] {
        try read { db in
            var keyrings: [String: AthleteKeyring?] = [:]
            var devices: [DeviceID: DeviceVerifier.Verified] = [:]
            let workspaceId = try self.workspaceId(db)
            return try Row.fetchAll(db, sql: SyncTables.conflicts).map { row in
                let athleteId: String = row["athlete_id"]
                if keyrings[athleteId] == nil {
                    // Only "no access" leaves a side unopened; a grant that does not verify
                    // is tampering and surfaces as such.
                    do {
                        keyrings[athleteId] = .some(
                            try AthleteKeyring.open(db, athleteId: athleteId, principal: actor))
                    } catch StoreError.permissionDenied {
                        keyrings[athleteId] = .some(nil)
                    }
                }
                let keyring = keyrings[athleteId] ?? nil
                func side(_ change: ChangeEnvelope, _ column: String) throws -> SyncConflict.Side {
                    var payload: [UInt8]?
                    if change.operation == .put, let keyring,
                        let kind = RecordKind(rawValue: change.kind)
                    {
                        let key = try keyring.recordKey(epoch: Int(change.epoch), db)
                        do {
                            payload = try RecordCodec.open(
                                body: change.body, athleteId: athleteId, id: change.object,
                                kind: kind, day: change.day, epoch: Int(change.epoch),
                                version: Int(change.version), key: key)
                        } catch is CryptoError {
                            throw StoreError.tampered(
                                "the \(column) kept for the sync conflict of record "
                                    + change.object)
                        }
                    }
                    return SyncConflict.Side(
                        device: change.device, author: change.author, clock: change.clock,
                        operation: change.operation, payload: payload)
                }
                let (winner, loser) = try (
                    keptChange(
                        db, row, "winner", workspaceId: workspaceId, devices: &devices, as: actor),
                    keptChange(
                        db, row, "loser", workspaceId: workspaceId, devices: &devices, as: actor)
                )
                return SyncConflict(
                    athleteId: AthleteID(athleteId), object: row["object"], kind: row["kind"],
                    day: row["day"], winner: try side(winner, "winner"),
                    loser: try side(loser, "loser"), foundAt: row["found_at"],
                    resolver: try keptResolver(
                        db, row, SyncConflictNote(winner: winner, loser: loser),
                        workspaceId: workspaceId, devices: &devices, as: actor))
            }
        }
    }

    /// One side of a kept conflict, verified: a change of the row's athlete and record, signed
    /// by its device of the roster for its user (a revoked device's too: it is history).
    ///
    /// - Throws: `StoreError.tampered` naming the side and the record when it is not.
    private func keptChange(
        _ db: Database, _ row: Row, _ column: String, workspaceId: String,
        devices: inout [DeviceID: DeviceVerifier.Verified], as actor: Principal
    ) throws -> ChangeEnvelope {
        let object: String = row["object"]
        let what = "the \(column) kept for the sync conflict of record \(object)"
        guard let change = try? ChangeEnvelope.decode([UInt8](row[column] as Data)),
            change.object == object,
            change.stream == .athlete(AthleteID(row["athlete_id"] as String))
        else { throw StoreError.tampered(what) }
        try requireKeptDevice(
            db, change.device, signed: change, what, workspaceId: workspaceId, devices: &devices,
            as: actor)
        return change
    }

    /// The device a kept conflict names as the one that resolved it, verified: a device of
    /// the roster (a revoked one's too: it is history) and, when this replica holds the pair's
    /// conflict note, the device that signed it. Nil for a row kept before the column was
    /// (never guessed).
    ///
    /// - Throws: `StoreError.tampered` naming the record when either check fails.
    private func keptResolver(
        _ db: Database, _ row: Row, _ note: SyncConflictNote, workspaceId: String,
        devices: inout [DeviceID: DeviceVerifier.Verified], as actor: Principal
    ) throws -> DeviceID? {
        guard let id = row["resolver_device"] as String? else { return nil }
        let object: String = row["object"], resolver = DeviceID(id)
        let what = "the device kept as resolving the sync conflict of record \(object)"
        var signed: ChangeEnvelope?
        if let held = try Row.fetchOne(
            db, sql: SyncTables.recordChange,
            arguments: [row["athlete_id"] as String, note.object])
        {
            guard let kept = try? ChangeEnvelope.decode([UInt8](held["envelope"] as Data)),
                kept.kind == SyncConflictNote.kind
            else { throw StoreError.tampered(what) }
            signed = kept
        }
        try requireKeptDevice(
            db, resolver, signed: signed, what, workspaceId: workspaceId, devices: &devices,
            as: actor)
        return resolver
    }

    /// Refuses a device id kept in the file that names no device of the roster (a revoked
    /// one's is history and counts), or that did not sign `change` when one is given.
    ///
    /// - Throws: `StoreError.tampered` with `what` otherwise.
    private func requireKeptDevice(
        _ db: Database, _ id: DeviceID, signed change: ChangeEnvelope?, _ what: String,
        workspaceId: String, devices: inout [DeviceID: DeviceVerifier.Verified],
        as actor: Principal
    ) throws {
        if devices[id] == nil { devices[id] = try verifiedDevice(db, id, as: actor) }
        guard let device = devices[id] else { throw StoreError.tampered(what) }
        guard let change else { return }
        do {
            try ChangeVerifier.verifySignature(
                change, device: device, workspaceId: workspaceId, allowRevoked: true)
        } catch is ChangeRejection {
            throw StoreError.tampered(what)
        }
    }

    /// Runs `body` with this machine's open device key, for what the device signs besides
    /// changes (a sign-in challenge).
    ///
    /// - Throws: `SyncFailure.deviceNotOpen` when none is open.
    public func withDeviceKey<T>(_ body: (DeviceID, SigningKeyPair) throws -> T) throws -> T {
        guard let signer = syncSigner.withLock({ $0 }) else { throw SyncFailure.deviceNotOpen }
        return try body(signer.device, signer.keys)
    }

    /// The workspace's id.
    public func syncWorkspaceId() throws -> String {
        try read { db in try workspaceId(db) }
    }
}
