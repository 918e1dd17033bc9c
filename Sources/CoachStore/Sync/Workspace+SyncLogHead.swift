import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// The size of the newest tree head this replica verified, for a pull's `log_size`; nil
    /// while it checks no log (no certified key) or has verified none yet.
    ///
    /// - Throws: `StoreError.tampered` when the file's key or head does not verify.
    public func logSize(as actor: Principal) throws -> Int64? {
        try read { db in
            guard try logKey(db, anchor: actor.anchor) != nil else { return nil }
            return try logHead(db).map { Int64(clamping: $0.size) }
        }
    }

    /// The newest tree head this replica verified, nil before one (or without a certified
    /// key).
    ///
    /// - Throws: `StoreError.tampered` when the file's key or head does not read.
    public func verifiedLogHead(as actor: Principal) throws -> ServerTreeHead? {
        try read { db in
            guard try logKey(db, anchor: actor.anchor) != nil else { return nil }
            return try logHead(db).map(ServerTreeHead.init)
        }
    }

    /// Checks the tree head a pull or roster read served, before anything of it is applied:
    /// a certified key, its signature, and consistency from the head held. Without a
    /// certified key nothing is checked.
    ///
    /// - Parameters:
    ///   - served: the answer's `tree_head`.
    ///   - consistency: the answer's proof from the held size to the served one.
    ///   - actor: the signed-in user, whose trust anchor the key answers to.
    /// - Returns: the head to keep once the apply committed (`keepLogHead`), or nil when it
    ///   is the one held or no log is checked.
    /// - Throws: `LogFailure` (exit 74) naming the sizes for a rollback or a fork, a head
    ///   that is missing, unsigned or signed by an uncertified key. A rollback or a fork keeps
    ///   its evidence first (`newestLogEvidence`), in a transaction of its own.
    public func verifyLogHead(
        _ served: ServerTreeHead?, consistency: [SyncBytes]?, as actor: Principal
    ) throws -> ServerTreeHead? {
        let (key, held) = try read { db in
            (try logKey(db, anchor: actor.anchor), try logHead(db))
        }
        guard let key else { return nil }
        guard let served else { throw LogFailure.badHead("the server sent none") }
        guard let head = served.signedTreeHead else {
            throw LogFailure.badHead("its size is negative")
        }
        // The head held, served again: nothing to verify (a sync with nothing to do).
        if head == held { return nil }
        let verifier = LogVerifier(anchor: actor.anchor, certificates: [key])
        let path = (consistency ?? []).map(\.bytes)
        do {
            switch try verifier.step(held: held, served: head, consistency: path) {
            case .unchanged: return nil
            case .advanced: return served
            }
        } catch {
            keepLogEvidence(
                error, key: key, held: held, served: head,
                proof: LogEvidence.Proof(
                    kind: "consistency", from: held?.size ?? 0, to: head.size,
                    path: path.map(Hashing.hex)))
            throw error
        }
    }

    /// Keeps `head` as the newest verified one, after the apply it covered committed; a head
    /// no larger than the one held is left as it is. Once kept, `actor`'s marks on this
    /// machine are raised to it, so a copy of the file with an older head is refused at
    /// sign-in; the roster's newest reset, if any, then counts as taken (`noteResetTaken`).
    public func keepLogHead(_ head: ServerTreeHead, as actor: Principal) throws {
        guard let signed = head.signedTreeHead else { return }
        try write { db in
            if let held = try logHead(db), held.size >= signed.size { return }
            try db.execute(sql: SyncLogTables.setHead, arguments: [Data(signed.encoded())])
            actor.marks?.logAdvanced(signed, in: db)
            try noteResetTaken(db, under: signed, as: actor)
        }
    }

    /// Takes the head an owner's log reset restored, inside the reset's transaction: the file
    /// keeps it, and once the transaction commits `actor`'s log mark on this machine goes to
    /// it, even down, when `counter` is above the last reset taken here (the only way the
    /// mark goes down). The reset's statement must be verified before (`LogVerifier`).
    ///
    /// - Parameters:
    ///   - db: the reset's write transaction.
    ///   - head: the restored log's signed head (nil: the log starts again empty).
    ///   - counter: the reset statement's counter.
    ///   - actor: the signed-in user, whose marks follow.
    func takeLogReset(
        _ db: Database, head: SignedTreeHead?, counter: UInt64, as actor: Principal
    ) throws {
        try db.execute(
            sql: SyncLogTables.setHead, arguments: [head.map { Data($0.encoded()) }])
        actor.marks?.logReset(to: head, counter: counter, in: db)
    }

    func logHead(_ db: Database) throws -> SignedTreeHead? {
        try SignedTreeHead.held(in: db)
    }
}
