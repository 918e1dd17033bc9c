import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// The number of the owner's last log reset this replica took (0 before one), and whether
    /// it still has to give the restored server the changes it holds that the server lacks.
    ///
    /// - Throws: `StoreError` when the file cannot be read.
    public func logResetState() throws -> (counter: UInt64, restorePending: Bool) {
        try read { db in try logResetState(db) }
    }

    /// The number of the last owner's log reset taken on this file, or by `actor` on this
    /// machine (their marks), whichever is higher.
    ///
    /// - Throws: `StoreError` when the file cannot be read.
    public func lastLogResetTaken(as actor: Principal) throws -> UInt64 {
        try read { db in try lastResetTaken(db, as: actor) }
    }

    func logResetState(_ db: Database) throws -> (counter: UInt64, restorePending: Bool) {
        guard let row = try Row.fetchOne(db, sql: SyncLogResetTables.state) else {
            return (0, false)
        }
        let counter: Int64 = row["reset_counter"]
        return (UInt64(clamping: counter), (row["restore_pending"] as Int64) != 0)
    }

    /// The owner's statement that the server's log restarts from `served`: numbered one
    /// more than the last reset this replica took, giving up the log this replica verified.
    ///
    /// - Parameters:
    ///   - served: the head the restored server signs now.
    ///   - rosterHead: the roster head the restored server serves.
    ///   - actor: the owner, who signs it.
    /// - Returns: the signed statement.
    /// - Throws: `StoreError.permissionDenied` unless `actor` is the owner;
    ///   `LogFailure.badHead` for a served head that does not read.
    public func logResetStatement(
        served: ServerTreeHead, rosterHead: RosterHead, as actor: Principal
    ) throws -> LogResetStatement {
        guard actor.role == .owner else {
            throw StoreError.permissionDenied("only the owner resets the server's log")
        }
        guard let restored = served.signedTreeHead else {
            throw LogFailure.badHead("its size is negative")
        }
        let (held, counter) = try read { db in
            (try logHead(db), try lastResetTaken(db, as: actor))
        }
        var reset = LogResetStatement(
            workspaceId: actor.anchor.workspaceId, counter: counter + 1,
            restoredSize: restored.size, restoredRoot: restored.root,
            restoredRosterHead: rosterHead.hash.bytes, lostSize: held?.size ?? 0,
            lostRoot: held?.root ?? MerkleHasher.blake2b256.empty, time: nowMilliseconds)
        reset.sign(by: actor.signKeys)
        return reset
    }

    /// Takes the owner's reset of the server's log, after this replica's check of the served
    /// head failed: the reset must be the owner's, numbered above the last one taken, give up
    /// no more than this replica verified, and the served head must extend the restored log
    /// (`LogVerifier.acceptReset`). The served head then replaces the held one (and the
    /// user's log mark on this machine), the statement is kept (`logResetTime`), an owner
    /// checkpoint of the log given up is dropped, every stream is pulled again from its
    /// start, and a restore is pending (`restoreCandidates`).
    ///
    /// - Parameters:
    ///   - reset: the newest reset on the served roster.
    ///   - served: the head the server signs now.
    ///   - consistency: the proof from the restored size to the served one.
    ///   - actor: the signed-in user, whose trust anchor the reset answers to.
    /// - Throws: `LogFailure.badReset` (exit 74) naming why the reset is refused; nothing
    ///   changes then.
    public func acceptLogReset(
        _ reset: LogResetStatement, served: ServerTreeHead, consistency: [SyncBytes]?,
        as actor: Principal
    ) throws {
        guard let head = served.signedTreeHead else {
            throw LogFailure.badHead("its size is negative")
        }
        try write { db in
            guard let key = try logKey(db, anchor: actor.anchor) else {
                throw LogFailure.badReset("this machine holds no certified log key")
            }
            let verifier = LogVerifier(anchor: actor.anchor, certificates: [key])
            let taken = try verifier.acceptReset(
                reset, held: try logHead(db), lastCounter: try lastResetTaken(db, as: actor),
                served: head, consistency: (consistency ?? []).map(\.bytes))
            try db.execute(
                sql: SyncLogResetTables.take,
                arguments: [
                    Int64(clamping: reset.counter), reset.time, Data(taken.encoded()),
                ])
            // The file's head, and once this commits the user's log mark, go to the restored
            // log (the mark only for a reset above the last one taken).
            try takeLogReset(db, head: taken, counter: reset.counter, as: actor)
            try keepLogResetStatement(db, reset, anchor: actor.anchor)
            try dropLostCheckpoint(db, after: reset, anchor: actor.anchor)
            try db.execute(sql: SyncLogResetTables.forgetStreams)
        }
    }

    /// Every stream is pulled again from its start: a restore interrupted before it finished
    /// starts again.
    public func restartRestore() throws {
        try write { db in try db.execute(sql: SyncLogResetTables.forgetStreams) }
    }

    /// The changes this replica holds (the last of each record) that the restored server
    /// lacks: those of a record whose version the server's streams, pulled again in full,
    /// do not reach.
    ///
    /// - Parameter served: by athlete and object, the highest version the server served.
    /// - Returns: each such change's envelope, by athlete, in object order.
    public func restoreCandidates(served: [AthleteID: [String: Int64]]) throws
        -> [(athlete: AthleteID, envelope: [UInt8])]
    {
        try read { db in
            var out: [(AthleteID, [UInt8])] = []
            let athletes = try String.fetchAll(
                db, sql: "SELECT DISTINCT athlete_id FROM record_changes ORDER BY athlete_id")
            for id in athletes {
                let athlete = AthleteID(id)
                for row in try Row.fetchAll(
                    db, sql: SyncLogResetTables.recordChangesOfStream, arguments: [id])
                where row["version"] as Int64 > served[athlete]?[row["object"]] ?? 0 {
                    out.append((athlete, [UInt8](row["envelope"] as Data)))
                }
            }
            return out
        }
    }

    /// The restore is done: the server holds what this replica held. This device's chain
    /// goes on from where the server holds it now (`own`, its newest change the restoring
    /// pull served or the restore stored), when that is before the last change the server had
    /// acknowledged (the restore lost it), and the outbox is signed again after it, naming
    /// the restored log's head as seen, so its next push follows the server's chain.
    ///
    /// - Parameter own: this device's newest change on the server, nil when none was seen
    ///   (the chain then stays).
    public func finishRestore(own: ChangeVerifier.ChainPosition?) throws {
        try write { db in
            try db.execute(sql: SyncLogResetTables.restored)
            guard let signer = syncSigner.withLock({ $0 }) else { return }
            var tip = try SyncTip.load(db, device: signer.device)
            if let own, own.sequence < tip.ackedSequence {
                tip.ackedSequence = own.sequence
                tip.ackedHash = own.hash
                try tip.save(db)
            }
            try rechainOutbox(
                db, signer: signer, last: [], seen: try logHead(db)?.position)
        }
    }

    /// The roster's `log_reset` entries must each be the owner's and numbered from 1 without
    /// a gap (`RosterLogReset.follows`): a reset replayed or out of order is tampering.
    func requireLogResetOrder(_ entries: [RosterEntry], anchor: TrustAnchor) throws {
        var last: UInt64 = 0
        for case .logReset(let entry) in entries {
            guard let reset = entry.verified(anchor: anchor) else {
                throw StoreError.tampered("a log reset on the roster (not signed by the owner)")
            }
            guard RosterLogReset.follows(last, with: reset) else {
                throw StoreError.tampered(
                    "a log reset on the roster (numbered \(reset.counter) after \(last))")
            }
            last = reset.counter
        }
    }

    /// The membership entries this replica's rows make that `server`'s roster lacks (a
    /// restored server's), in an order it can apply; devices go their own way.
    ///
    /// - Throws: `StoreError` when the rows do not verify.
    public func rosterEntriesLacking(from server: [RosterEntry], as actor: Principal) throws
        -> [RosterEntry]
    {
        try read { db in try rosterChanges(db, on: RosterIndex(server), as: actor) }
    }
}
