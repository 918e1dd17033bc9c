import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// The roster's owner checkpoints must each be the owner's, of a head the server's log key
    /// current at that point of the roster signed (the key held here when the entries carry
    /// none before it), and of a log no smaller than the checkpoint before: anything else is
    /// tampering.
    ///
    /// - Parameters:
    ///   - db: the replica, for the log key held when the entries start after it.
    ///   - entries: the roster entries pulled, in order.
    ///   - anchor: the workspace id and owner key.
    /// - Throws: `StoreError.tampered` naming the checkpoint refused.
    func requireLogCheckpoints(
        _ db: Database, _ entries: [RosterEntry], anchor: TrustAnchor
    ) throws {
        var key: LogKeyCertificate?
        var last: TreeHeadCountersignature?
        for entry in entries {
            switch entry {
            case .logKey(let certified): key = certified.verified(anchor: anchor)
            case .logCheckpoint(let pulled):
                let current = try key ?? logKey(db, anchor: anchor)
                guard let checkpoint = pulled.verified(anchor: anchor, key: current) else {
                    throw StoreError.tampered(
                        "an owner checkpoint on the roster (not signed by the owner, or of a"
                            + " head the server's certified key did not sign)")
                }
                guard RosterLogCheckpoint.follows(last, with: checkpoint) else {
                    throw StoreError.tampered(
                        "an owner checkpoint on the roster (of a smaller or older log than"
                            + " the one before it)")
                }
                last = checkpoint
            default: continue
            }
        }
        guard let last else { return }
        let held = try heldCheckpoint(db, anchor: anchor)
        if held.map({ RosterLogCheckpoint.follows($0, with: last) && $0 != last }) ?? true {
            try db.execute(sql: SyncLogTables.setCheckpoint, arguments: [Data(last.encoded())])
        }
    }

    /// The owner's last checkpoint held here, checked again (the owner's signature).
    ///
    /// - Throws: `StoreError.tampered` for a stored checkpoint that does not read or verify.
    func heldCheckpoint(_ db: Database, anchor: TrustAnchor) throws -> TreeHeadCountersignature? {
        guard let bytes = try Data.fetchOne(db, sql: SyncLogTables.checkpoint) else {
            return nil
        }
        guard let checkpoint = try? TreeHeadCountersignature.decode([UInt8](bytes)),
            checkpoint.valid(anchor: anchor)
        else { throw StoreError.tampered("the owner's log checkpoint in this file") }
        return checkpoint
    }

    /// The owner's last checkpoint this replica holds, if any.
    ///
    /// - Parameter actor: the signed-in user, whose anchor it is checked against.
    /// - Returns: the checkpoint.
    /// - Throws: `StoreError.tampered` for a stored checkpoint that does not verify.
    public func logCheckpoint(as actor: Principal) throws -> TreeHeadCountersignature? {
        try read { db in try heldCheckpoint(db, anchor: actor.anchor) }
    }

    /// When the owner certified the log key held here (Unix milliseconds), if any: where the
    /// log's checking began, before any checkpoint.
    public func logKeyCreated(as actor: Principal) throws -> Int64? {
        try read { db in try logKey(db, anchor: actor.anchor)?.created }
    }

    /// The owner's checkpoint of the head this replica verified last, signed now; nil when
    /// it holds none or holds a checkpoint of that head already.
    ///
    /// - Parameter actor: the owner.
    /// - Returns: the roster entry to push.
    /// - Throws: `StoreError.permissionDenied` for anyone but the owner.
    public func checkpointEntry(as actor: Principal) throws -> RosterLogCheckpoint? {
        guard actor.role == .owner else {
            throw StoreError.permissionDenied("only the owner countersigns the server's log")
        }
        return try read { db in
            guard try logKey(db, anchor: actor.anchor) != nil, let head = try logHead(db),
                try heldCheckpoint(db, anchor: actor.anchor)?.head != head
            else { return nil }
            var checkpoint = TreeHeadCountersignature(head: head)
            checkpoint.sign(by: actor.signKeys)
            return RosterLogCheckpoint(checkpoint)
        }
    }
}
