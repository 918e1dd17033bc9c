import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// The audit action of an athlete's first signed record head: from then on a missing head
    /// is tampering, not an athlete from before heads.
    static let firstHeadAction = "records.head"

    /// Notes, before a write changes the athlete's records, that the write must sign a new
    /// head; the first time in a write, the current head is checked against the rows, so a
    /// write never signs over rows someone else slipped in.
    ///
    /// - Throws: `StoreError.tampered` when the current head does not match the records.
    func noteRecordsChanged(_ db: Database, athleteId: String, actor: Principal) throws {
        if pendingHeads.withLock({ $0[athleteId] != nil }) { return }
        try verifyRecordHead(db, athleteId: athleteId, actor: actor, full: true)
        pendingHeads.withLock { $0[athleteId] = actor }
    }

    /// Signs the new head of every athlete the write noted, inside its transaction.
    func signPendingHeads(_ db: Database) throws {
        let pending = pendingHeads.withLock { $0 }
        for (athleteId, actor) in pending.sorted(by: { $0.key < $1.key }) {
            let epoch = try Int.fetchOne(
                db.cachedStatement(sql: EpochsTable.currentOfAthlete), arguments: [athleteId])
            guard let epoch else { continue }  // the athlete was removed in this write
            try resealOlderSnapshot(db, athleteId: athleteId, epoch: epoch, actor: actor)
            let (count, digest) = try recordSetDigest(db, athleteId: athleteId)
            var head = RecordHead(
                athleteId: athleteId, epoch: epoch, count: count, digest: digest,
                signerId: actor.userId.rawValue)
            head.sign(by: actor.signKeys, workspaceId: actor.anchor.workspaceId)
            let first =
                try Row.fetchOne(db, sql: RecordHeadsTable.ofAthlete, arguments: [athleteId])
                == nil
            try db.execute(
                sql: RecordHeadsTable.upsert,
                arguments: [
                    athleteId, epoch, count, Data(digest), head.signerId, Data(head.signature),
                ])
            if first {
                try appendAudit(
                    db, actor: actor, action: Self.firstHeadAction, athleteId: athleteId,
                    target: athleteId)
            }
        }
    }

    /// Signs the athlete's record head again as the owner when `userId` signed it: part of a
    /// passphrase reset (`revouch`), before the user's key is replaced. The head is checked in
    /// full under the old key first, so a head that does not match the rows is not laundered.
    ///
    /// - Throws: `StoreError.tampered` when the head or the records do not verify.
    func revouchRecordHead(
        _ db: Database, athleteId: String, signedBy userId: String, as owner: Principal
    ) throws {
        guard
            let row = try Row.fetchOne(db, sql: RecordHeadsTable.ofAthlete, arguments: [athleteId]),
            (row["signer_id"] as String) == userId
        else { return }
        try verifyRecordHead(db, athleteId: athleteId, actor: owner, full: true)
        var head = RecordHead(
            athleteId: athleteId, epoch: row["epoch"], count: row["count"],
            digest: [UInt8](row["digest"] as Data), signerId: owner.userId.rawValue)
        head.sign(by: owner.signKeys, workspaceId: owner.anchor.workspaceId)
        try db.execute(
            sql: RecordHeadsTable.upsert,
            arguments: [
                athleteId, head.epoch, head.count, Data(head.digest), head.signerId,
                Data(head.signature),
            ])
    }

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
    /// and with `full`, of exactly the record rows there are.
    ///
    /// Skipped for an athlete the current write already checked and will sign again. An
    /// athlete without a head and without the audit entry of a first head is from before
    /// heads, and passes until its next write signs one.
    ///
    /// - Throws: `StoreError.tampered` naming the athlete's records.
    func verifyRecordHead(_ db: Database, athleteId: String, actor: Principal, full: Bool)
        throws
    {
        if pendingHeads.withLock({ $0[athleteId] != nil }) { return }
        let bad = StoreError.tampered("the records of this athlete (added, changed or removed)")
        guard
            let row = try Row.fetchOne(db, sql: RecordHeadsTable.ofAthlete, arguments: [athleteId])
        else {
            let signed = try String.fetchOne(
                db, sql: AuditTable.athleteOfAction, arguments: [Self.firstHeadAction, athleteId])
            if signed != nil { throw bad }
            return
        }
        let head = RecordHead(
            athleteId: athleteId, epoch: row["epoch"], count: row["count"],
            digest: [UInt8](row["digest"] as Data), signerId: row["signer_id"],
            signature: [UInt8](row["signature"] as Data))
        try StoreError.checking {
            try head.verify(
                in: DatabaseRows(db: db), anchor: actor.anchor, book: actor.certificates)
        }
        guard full else { return }
        let (count, digest) = try recordSetDigest(db, athleteId: athleteId)
        guard count == head.count, digest == head.digest else { throw bad }
    }

    /// The number of the athlete's record rows and the digest of all of them.
    func recordSetDigest(_ db: Database, athleteId: String) throws -> (Int, [UInt8]) {
        let num = try athleteNum(db, athleteId: AthleteID(athleteId))
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: RecordHeadsTable.leavesOfAthlete), arguments: [num])
        var leaves: [RecordHead.Leaf] = []
        while let row = try rows.next() {
            guard let id = RecordIdColumn.id(row["id"]) else {
                throw StoreError.tampered("a record")
            }
            let nonce: Data = row["nonce"]
            let ciphertext: Data = row["ciphertext"]
            leaves.append(
                RecordHead.leaf(
                    id: id, kind: row["kind"], day: row["day"], epoch: row["epoch"],
                    version: row["version"], nonce: nonce, ciphertext: ciphertext))
        }
        return (leaves.count, RecordHead.digest(athleteId: athleteId, leaves: leaves))
    }
}
