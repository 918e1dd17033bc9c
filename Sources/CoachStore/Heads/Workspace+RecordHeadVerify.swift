import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Rebuilds the athlete's snapshot under `epoch` when part of it is sealed under an older
    /// one (after a rotation), so that once a head of the current epoch is signed, a snapshot
    /// part of a retired epoch can only be someone else's (`checkSnapshotEpoch`).
    func resealOlderSnapshot(
        _ db: Database, athleteId: String, epoch: Int, actor: Principal
    ) throws {
        let oldest = try Int.fetchOne(
            db, sql: RecordHeadsTable.oldestSnapshotEpoch, arguments: [athleteId])
        guard let oldest, oldest < epoch else { return }
        try rebuildSnapshot(
            db, keyring: try AthleteKeyring.open(db, athleteId: athleteId, principal: actor))
    }

    /// Refuses a snapshot section sealed under an epoch older than the athlete's signed head:
    /// the writers reseal the snapshot when they sign a head at a new epoch, so only someone
    /// holding a retired key (a revoked coach) can have written it. Athletes without a head of
    /// the current epoch (from before heads) keep reading such sections as before.
    ///
    /// - Throws: `StoreError.tampered` naming the snapshot.
    func checkSnapshotEpoch(_ db: Database, athleteId: String, sectionEpoch: Int, current: Int)
        throws
    {
        guard sectionEpoch < current,
            pendingHeads.withLock({ $0[athleteId] == nil }),
            let headEpoch = try Int.fetchOne(
                db, sql: RecordHeadsTable.epochOfAthlete, arguments: [athleteId]),
            headEpoch >= current
        else { return }
        throw StoreError.tampered("the snapshot of this athlete (sealed under a retired key)")
    }

    /// Checks the athlete's signed record head: signed at the current epoch by a holder of it,
    /// and with `full`, of exactly the record rows there are (their count and keyed multiset
    /// hash, recomputed from every row: a row slipped in or deleted behind the writers was
    /// never added to the head or taken out of it).
    ///
    /// Skipped for an athlete the current write already checked and will sign again. An
    /// athlete without a head and without the audit entry of a first head is from before
    /// heads, and passes until its next write signs one.
    ///
    /// - Parameter keyring: the athlete opened by the caller, if it was (else opened here for
    ///   a full check).
    /// - Returns: the verified head, nil when there is none (or the check was skipped).
    /// - Throws: `StoreError.tampered` naming the athlete's records.
    @discardableResult
    func verifyRecordHead(
        _ db: Database, athleteId: String, actor: Principal, full: Bool,
        keyring: AthleteKeyring? = nil
    ) throws -> RecordHead? {
        if pendingHeads.withLock({ $0[athleteId] != nil }) { return nil }
        let bad = StoreError.tampered("the records of this athlete (added, changed or removed)")
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: RecordHeadsTable.ofAthlete), arguments: [athleteId])
        else {
            let signed = try String.fetchOne(
                db, sql: AuditTable.athleteOfAction, arguments: [Self.firstHeadAction, athleteId])
            if signed != nil { throw bad }
            return nil
        }
        let head = RecordHead(
            athleteId: athleteId, epoch: row["epoch"], count: row["count"],
            digest: [UInt8](row["digest"] as Data), signerId: row["signer_id"],
            signature: [UInt8](row["signature"] as Data))
        try StoreError.checking {
            try head.verify(
                in: DatabaseRows(db: db), anchor: actor.anchor, book: actor.certificates)
        }
        guard full else { return head }
        let key = try recordSetKey(
            db, athleteId: athleteId, epoch: head.epoch, as: actor, keyring: keyring)
        let (count, hash) = try recordSetDigest(db, athleteId: athleteId, key: key)
        guard count == head.count, hash.bytes == head.digest else { throw bad }
        return head
    }

    /// The key the athlete's record-set hash is keyed under at `epoch` (its current one),
    /// from `keyring` when it is of that epoch, else from the athlete opened as `actor`.
    func recordSetKey(
        _ db: Database, athleteId: String, epoch: Int, as actor: Principal,
        keyring: AthleteKeyring? = nil
    ) throws -> SecretKey {
        let opened =
            try keyring.flatMap { $0.currentEpoch == epoch ? $0 : nil }
            ?? AthleteKeyring.open(db, athleteId: athleteId, principal: actor)
        guard opened.currentEpoch == epoch else {
            throw StoreError.tampered("the records of this athlete (added, changed or removed)")
        }
        return try RecordSetHash.key(epochKey: opened.currentDataKey)
    }

    /// The number of the athlete's record rows and their multiset hash under `key`.
    func recordSetDigest(_ db: Database, athleteId: String, key: SecretKey) throws
        -> (count: Int, hash: RecordSetHash)
    {
        let num = try athleteNum(db, athleteId: AthleteID(athleteId))
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: RecordHeadsTable.leavesOfAthlete), arguments: [num])
        var count = 0
        var hash = RecordSetHash()
        while let row = try rows.next() {
            hash.add(RecordSetHash.element(try Self.leaf(of: row), key: key))
            count += 1
        }
        return (count, hash)
    }

    /// The leaf of a record row read with the columns of `RecordHeadsTable.leavesOfAthlete`.
    ///
    /// - Throws: `StoreError.tampered` when the id column does not hold an id.
    static func leaf(of row: Row) throws -> RecordHead.Leaf {
        guard let id = RecordIdColumn.id(row["id"]) else {
            throw StoreError.tampered("a record")
        }
        let nonce: Data = row["nonce"]
        let ciphertext: Data = row["ciphertext"]
        return RecordHead.leaf(
            id: id, kind: row["kind"], day: row["day"], epoch: row["epoch"],
            version: row["version"], nonce: nonce, ciphertext: ciphertext)
    }
}
