import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Keeps the newest owner-signed `log_reset` entry of a verified roster (its order is
    /// checked first: `requireLogResetOrder`), so that every replica, whether it took the
    /// reset or not, knows when the owner signed it (`logResetTime`) from a statement it can
    /// check again, never from a column anyone with the file may edit.
    ///
    /// - Parameters:
    ///   - db: the roster's write transaction.
    ///   - entries: the roster entries pulled, in order.
    ///   - anchor: the workspace id and owner key.
    /// - Throws: `StoreError.tampered` when the statement held here does not verify.
    func keepRosterLogReset(
        _ db: Database, _ entries: [RosterEntry], anchor: TrustAnchor
    ) throws {
        var newest: LogResetStatement?
        for case .logReset(let entry) in entries {
            if let reset = entry.verified(anchor: anchor) { newest = reset }
        }
        guard let newest else { return }
        try keepLogResetStatement(db, newest, anchor: anchor)
    }

    /// Keeps `reset` (owner-signed, checked by the caller) when it is newer than the
    /// statement held.
    func keepLogResetStatement(
        _ db: Database, _ reset: LogResetStatement, anchor: TrustAnchor
    ) throws {
        if let held = try Self.heldLogReset(db, anchor: anchor), held.counter >= reset.counter {
            return
        }
        try db.execute(sql: SyncLogResetTables.setStatement, arguments: [Data(reset.encoded())])
    }

    /// The newest owner-signed log reset the roster carried, checked again.
    ///
    /// - Throws: `StoreError.tampered` for a stored statement that does not read or is not
    ///   the owner's.
    static func heldLogReset(_ db: Database, anchor: TrustAnchor) throws -> LogResetStatement? {
        guard let bytes = try Data.fetchOne(db, sql: SyncLogResetTables.statement) else {
            return nil
        }
        guard let reset = try? LogResetStatement.decode([UInt8](bytes)),
            reset.valid(anchor: anchor)
        else { throw StoreError.tampered("the owner's log reset in this file") }
        return reset
    }

    /// When the owner signed the newest log reset of the verified roster (Unix milliseconds
    /// of the owner's clock), 0 before one: changes stamped no later came from before the
    /// reset and may come back out of their device's order, naming a lost log as seen.
    func logResetTime(_ db: Database, anchor: TrustAnchor) throws -> Int64 {
        try Self.heldLogReset(db, anchor: anchor)?.time ?? 0
    }

    /// The number of the last reset taken on this file or by `actor` on this machine,
    /// whichever is higher: the file's column alone may have been lowered by anyone with the
    /// file, the user's marks may not.
    func lastResetTaken(_ db: Database, as actor: Principal) throws -> UInt64 {
        max(try logResetState(db).counter, actor.marks?.logResets ?? 0)
    }

    /// A head newly verified while the roster's newest reset was held extends the restored
    /// log: that reset counts as taken here, and no replay of it may lower the log again.
    func noteResetTaken(_ db: Database, under head: SignedTreeHead, as actor: Principal) throws {
        guard let reset = try Self.heldLogReset(db, anchor: actor.anchor),
            head.size >= reset.restoredSize
        else { return }
        let counter = Int64(clamping: reset.counter)
        try db.execute(sql: SyncLogResetTables.noteTaken, arguments: [counter, counter])
        actor.marks?.resetNoted(reset.counter, in: db)
    }
}

extension Workspace {
    /// Drops the owner checkpoint held here when it is of the log `reset` gave up (larger than
    /// the restored log, or of its size with another root), so that no later check reads it
    /// as a fork or a rollback of the restored log; the roster's next checkpoint replaces it.
    func dropLostCheckpoint(
        _ db: Database, after reset: LogResetStatement, anchor: TrustAnchor
    ) throws {
        guard let held = try heldCheckpoint(db, anchor: anchor)?.head,
            held.size > reset.restoredSize
                || (held.size == reset.restoredSize && held.root != reset.restoredRoot)
        else { return }
        try db.execute(sql: SyncLogTables.setCheckpoint, arguments: [nil as Data?])
    }
}
