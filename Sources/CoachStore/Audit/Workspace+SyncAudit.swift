import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// The offline part of `audit verify` in a synced workspace: each change envelope held
    /// behind a record (`record_changes`) must read, name its row's athlete and record, and be
    /// signed by its device, a roster device of the change's author (revoked ones included:
    /// they signed before); and the held head of the server's log must be signed by the key
    /// the owner certified. Nil for a workspace that does not sync.
    ///
    /// - Parameter actor: the signed-in user, whose trust anchor the devices and the log key
    ///   answer to.
    /// - Returns: how many changes verified and the verified log size.
    /// - Throws: `StoreError.tampered` naming the device and record of the first change that
    ///   does not verify; `LogFailure` for a held head that does not.
    public func auditSyncedChanges(as actor: Principal) throws -> SyncAudit? {
        try read { db in
            guard try Int.fetchOne(db, sql: SyncTables.isSynced) != nil else { return nil }
            let workspaceId = try self.workspaceId(db)
            var count = 0
            let rows = try Row.fetchCursor(
                db, sql: "SELECT athlete_id, object, envelope FROM record_changes")
            while let row = try rows.next() {
                let object: String = row["object"]
                let athlete: String = row["athlete_id"]
                let change = try? ChangeEnvelope.decode([UInt8](row["envelope"] as Data))
                let what =
                    "the change behind record \(object)"
                    + (change.map { " (device \($0.device))" } ?? "")
                guard let change, change.object == object,
                    change.stream == .athlete(AthleteID(athlete)),
                    let device = try verifiedDevice(db, change.device, as: actor)
                else { throw StoreError.tampered(what) }
                do {
                    try ChangeVerifier.verifySignature(
                        change, device: device, workspaceId: workspaceId, allowRevoked: true)
                } catch is ChangeRejection {
                    throw StoreError.tampered(what)
                }
                count += 1
            }
            var size: UInt64?
            var checkpointSize: UInt64?
            if let key = try logKey(db, anchor: actor.anchor), let head = try logHead(db) {
                let verifier = LogVerifier(anchor: actor.anchor, certificates: [key])
                try verifier.check(head)
                size = head.size
                if let checkpoint = try heldCheckpoint(db, anchor: actor.anchor) {
                    try verifier.check(checkpoint.head)
                    let held = checkpoint.head.size
                    guard held < head.size || checkpoint.head.root == head.root else {
                        throw held > head.size
                            ? LogFailure.rolledBack(from: held, to: head.size)
                            : LogFailure.checkpointForked(at: held)
                    }
                    checkpointSize = held
                }
            }
            return SyncAudit(
                changes: count, logSize: size, logChecked: false, checkpointSize: checkpointSize)
        }
    }
}
