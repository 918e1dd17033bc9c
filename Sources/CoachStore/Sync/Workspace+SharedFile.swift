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
    /// - Throws: `SyncFailure.deviceNotOpen` without an open device.
    public func outboxWaits() throws -> [OutboxWait] {
        guard let device = syncSigner.withLock({ $0?.device }) else {
            throw SyncFailure.deviceNotOpen
        }
        return try read { db in
            var waits: [OutboxWait] = []
            let all = try Row.fetchAll(db, sql: SyncTables.outboxAll)
            let others = all.filter { $0["device_id"] != device.rawValue }
            guard !others.isEmpty else { return [] }
            for row in all where row["device_id"] == device.rawValue {
                let mine = try ChangeEnvelope.decode([UInt8](row["envelope"] as Data))
                let under = try others.filter {
                    $0["athlete_id"] == row["athlete_id"] as String
                        && $0["object"] == row["object"] as String
                }.map { try ChangeEnvelope.decode([UInt8]($0["envelope"] as Data)) }
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
}
