import CoachKit
import CoachTrust
import GRDB

extension SyncApplier {
    /// The change's `seen` keeps its device's order: an honest device's verified log only
    /// grows along its chain, so a change may not name a smaller log than an earlier change
    /// of its device this replica applied, nor a larger one than a later change did (changes
    /// of other streams arrive in their own order). Each device's latest `seen` is kept in
    /// `sync_seen`. A change stamped no later than the owner's last log reset (on the
    /// verified roster) may name a head of the log the reset gave up: it is neither checked
    /// nor kept, and a kept `seen` from before that reset no longer counts.
    ///
    /// - Throws: `SyncFailure.refusedChange` naming the device (exit 74).
    func checkSeenOrder(_ envelope: ChangeEnvelope, user: String) throws {
        guard let seen = envelope.seen else { return }
        // The owner-signed reset of the verified roster, never the file's `reset_time` column.
        let resetTime = try workspace.logResetTime(db, anchor: actor.anchor)
        let time = envelope.clock.milliseconds
        guard time > resetTime else { return }
        let device = envelope.device.rawValue
        let size = Int64(clamping: seen.size)
        if let row = try Row.fetchOne(db, sql: SyncSeenTables.device, arguments: [device]),
            row["time"] as Int64 > resetTime
        {
            let sequence: Int64 = row["sequence"]
            let kept: Int64 = row["size"]
            let back = envelope.sequence > sequence && size < kept
            let ahead = envelope.sequence < sequence && size > kept
            if back || ahead {
                throw SyncFailure.refusedChange(
                    device: envelope.device, user: user,
                    reason: "its change \(envelope.sequence) names a log of \(size) entries as "
                        + "seen, but its change \(sequence) named \(kept): the device's view of "
                        + "the server's log went back")
            }
            guard envelope.sequence > sequence else { return }
        }
        try db.execute(
            sql: SyncSeenTables.upsert, arguments: [device, envelope.sequence, size, time])
    }
}
