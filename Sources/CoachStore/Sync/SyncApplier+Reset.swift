import CoachKit
import CoachTrust
import Foundation
import GRDB

extension SyncApplier {
    /// Whether `envelope` is a change stamped before the owner's last log reset that a
    /// replica gave back to the restored server out of its device's order, at or before where
    /// this replica's chain of the device stands: its device's order is not checked (the
    /// server took it as a restore), and the chain stays where it is. Such a change is applied
    /// only when newer than the record held (`merge`).
    func givenBackAfterReset(_ envelope: ChangeEnvelope, stream: String) throws -> Bool {
        // The owner-signed reset of the verified roster, never the file's `reset_time` column.
        let resetTime = try workspace.logResetTime(db, anchor: actor.anchor)
        guard resetTime > 0, envelope.clock.milliseconds <= resetTime else { return false }
        let row = try Row.fetchOne(
            db, sql: SyncTables.chain, arguments: [stream, envelope.device.rawValue])
        guard let row else { return false }
        return envelope.sequence <= row["sequence"] as Int64
    }
}
