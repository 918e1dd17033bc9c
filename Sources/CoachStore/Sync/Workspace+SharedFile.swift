import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Merges this device's queued changes with the changes another user of this workspace
    /// file pulled over them since this user's last sync (`SyncApplier.mergeOverwritten`),
    /// before a push: the loser of each conflict is kept and listed, and the outbox chained
    /// again.
    ///
    /// - Parameter actor: the signed-in user, whose device is open.
    /// - Returns: how many conflicts it resolved.
    /// - Throws: `SyncFailure.deviceNotOpen`; `StoreError.tampered` (exit 74) when a change
    ///   behind a record does not open or a queued change is not this device's own.
    public func mergeOverwrittenQueue(as actor: Principal) throws -> Int {
        try write { db in
            var applier = try SyncApplier(workspace: self, db: db, actor: actor)
            var report = ApplyReport()
            try applier.mergeOverwritten(report: &report)
            return report.conflicts
        }
    }

    /// The queued changes of this machine's open device that were made on top of a change
    /// another user of this workspace file has queued and not yet pushed (a change to the same
    /// record whose version is at most the one ours started from). The server would refuse
    /// them as stale until that user syncs; a sync holds them back and says whom they wait for.
    ///
    /// Each other device's queued change waited for is checked first (`waitable`): a change
    /// planted in the file must not hold this user's pushes back for ever.
    ///
    /// - Parameter actor: the signed-in user, whose trust anchor verifies the other devices.
    /// - Throws: `SyncFailure.deviceNotOpen` without an open device; `StoreError.tampered`
    ///   (exit 74) when another device's queued change is not signed by that device of the
    ///   roster, names another device, author, athlete or record than its row, or is damaged.
    public func outboxWaits(as actor: Principal) throws -> [OutboxWait] {
        guard let device = syncSigner.withLock({ $0?.device }) else {
            throw SyncFailure.deviceNotOpen
        }
        return try read { db in
            var waits: [OutboxWait] = []
            let all = try Row.fetchAll(db, sql: SyncTables.outboxAll)
            let others = all.filter { $0["device_id"] != device.rawValue }
            guard !others.isEmpty else { return [] }
            let workspaceId = try self.workspaceId(db)
            for row in all where row["device_id"] == device.rawValue {
                let mine = try ChangeEnvelope.decode([UInt8](row["envelope"] as Data))
                let under = try others.filter {
                    $0["athlete_id"] == row["athlete_id"] as String
                        && $0["object"] == row["object"] as String
                }.compactMap {
                    try waitable(db, $0, workspaceId: workspaceId, as: actor)
                }
                guard let other = under.first(where: { $0.version <= mine.baseVersion }) else {
                    continue
                }
                let handle =
                    try String.fetchOne(
                        db, sql: UsersTable.handleOfId, arguments: [other.author.rawValue])
                    ?? other.author.rawValue
                let wait = OutboxWait(
                    athleteId: AthleteID(row["athlete_id"] as String), object: row["object"],
                    user: handle)
                if !waits.contains(wait) { waits.append(wait) }
            }
            return waits
        }
    }

    /// Another device's queued change, verified: its row's device, athlete and record are the
    /// change's, signed by that device of the roster for its user. Nil when it can never be
    /// pushed, so nothing waits for it: its device revoked or its user disabled, or its author
    /// no longer holding the athlete at the current key epoch.
    ///
    /// - Throws: `StoreError.tampered` naming the device when any check fails.
    func waitable(_ db: Database, _ row: Row, workspaceId: String, as actor: Principal) throws
        -> ChangeEnvelope?
    {
        let deviceId: String = row["device_id"]
        let what = "the queued change of device \(deviceId) on this workspace file"
        guard let change = try? ChangeEnvelope.decode([UInt8](row["envelope"] as Data)),
            change.device.rawValue == deviceId, change.object == row["object"] as String,
            change.stream == .athlete(AthleteID(row["athlete_id"] as String)),
            let device = try verifiedDevice(db, change.device, as: actor)
        else { throw StoreError.tampered(what) }
        do {
            try ChangeVerifier.verifySignature(
                change, device: device, workspaceId: workspaceId, allowRevoked: true)
        } catch is ChangeRejection {
            throw StoreError.tampered(what)
        }
        guard device.isActive else { return nil }
        let author = try actor.certificate(db, change.author.rawValue)
        if author.role == .owner { return change }
        let rows = DatabaseRows(db: db)
        let epochs = try StoreError.checking {
            try actor.verifier.epochs(in: rows, athleteId: row["athlete_id"] as String)
        }
        guard let current = epochs.last,
            try actor.verifier.holders(in: rows, of: current).contains(change.author.rawValue)
        else { return nil }
        return change
    }

    /// The queued change of another device of this file that `mine` (this device's first
    /// queued change to a record) was made on top of, when that change can never be pushed
    /// (`waitable` is nil): its base version and base, for `mine` to be made again on them.
    ///
    /// - Throws: `StoreError.tampered` when that change does not verify.
    func unpushableUnder(_ db: Database, _ mine: ChangeEnvelope, actor: Principal) throws
        -> (baseVersion: Int64, base: Data?)?
    {
        guard case .athlete(let athlete) = mine.stream else { return nil }
        let workspaceId = try self.workspaceId(db)
        let rows = try Row.fetchAll(
            db, sql: SyncTables.outboxOfObject, arguments: [athlete.rawValue, mine.object])
        for row in rows where row["device_id"] != mine.device.rawValue {
            let change = try ChangeEnvelope.decode([UInt8](row["envelope"] as Data))
            guard change.version <= mine.baseVersion,
                try waitable(db, row, workspaceId: workspaceId, as: actor) == nil
            else { continue }
            return (change.baseVersion, row["base"] as Data?)
        }
        return nil
    }
}
