import Foundation
import GRDB

extension Workspace {
    /// The action of an owner checkpoint: the owner's signature over the log up to an entry
    /// (its sequence number is the target, its hash the target hash).
    static let checkpointAction = "audit.checkpoint"

    /// Appends an owner checkpoint covering the newest entry when another user made it.
    ///
    /// An entry the owner signs chains to every entry before it, so only runs of other users'
    /// entries need a checkpoint; each owner write covers the run before it, and the log never
    /// holds two checkpoints in a row.
    func appendCheckpointIfDue(_ db: Database, owner: Principal) throws {
        guard owner.role == .owner,
            let head = try Row.fetchOne(
                db, sql: AuditTable.lastWithActor),
            head["actor_id"] as String != owner.userId.rawValue
        else { return }
        try appendEntry(
            db, actor: owner, action: Self.checkpointAction, target: String(head["seq"] as Int64),
            targetHash: [UInt8](head["entry_hash"] as Data))
    }

    /// The owner countersigns the log as it is (when she verifies it): a checkpoint when the
    /// newest entry is another user's; nothing for other users.
    public func countersignAudit(as actor: Principal) throws {
        guard actor.role == .owner else { return }
        let due = try read { db in
            try String.fetchOne(db, sql: AuditTable.lastActor)
                .map { $0 != actor.userId.rawValue } ?? false
        }
        if due { try write { db in try appendCheckpointIfDue(db, owner: actor) } }
    }

    /// Why checkpoint entry `row` is not a valid owner checkpoint, or nil when it is: made by
    /// the owner (the `users` row's role; with a session the certified role is checked too),
    /// covering an earlier entry whose hash it carries.
    ///
    /// - Parameter hashes: the entry hashes so far, by sequence number minus one.
    static func checkpointProblem(_ row: Row, roles: [String: String], hashes: [[UInt8]])
        -> String?
    {
        guard roles[row["actor_id"] as String] == "owner" else {
            return "a checkpoint not made by the owner"
        }
        let seq: Int64 = row["seq"]
        guard let covered = Int64((row["target_id"] as String?) ?? ""), covered >= 1,
            covered < seq, Int(covered) <= hashes.count,
            let hash = row["target_hash"] as Data?, [UInt8](hash) == hashes[Int(covered) - 1]
        else {
            return "a checkpoint that does not match the entry it names"
        }
        return nil
    }
}
