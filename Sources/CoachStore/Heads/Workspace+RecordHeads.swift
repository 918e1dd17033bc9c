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
    /// head, checking the current head first so that a write never signs over rows someone
    /// else slipped in.
    ///
    /// With `incremental` (a write of a few rows through `writeRecordRow` and `deleteRecord`)
    /// only the head's signature is checked, and the new head is the old one with the write's
    /// rows applied (`noteRecordDelta`): rows the head never included stay outside it, for the
    /// full checks to find. Otherwise the head is checked against every row now and recounted
    /// at commit. A write that first noted a few rows and then a bulk change is checked
    /// against its running head before it turns to a recount.
    ///
    /// - Throws: `StoreError.tampered` when the current head does not verify.
    func noteRecordsChanged(
        _ db: Database, athleteId: String, actor: Principal, incremental: Bool = false
    ) throws {
        if let pending = pendingHeads.withLock({ $0[athleteId] }) {
            guard !incremental, let running = pending.running else { return }
            let key = try recordSetKey(db, athleteId: athleteId, epoch: pending.epoch, as: actor)
            let now = try recordSetDigest(db, athleteId: athleteId, key: key)
            guard now.count == running.count, now.hash == running.hash else {
                throw StoreError.tampered("the records of this athlete (added, changed or removed)")
            }
            pendingHeads.withLock { $0[athleteId]?.running = nil }
            return
        }
        if incremental,
            let row = try Row.fetchOne(
                db.cachedStatement(sql: RecordHeadsTable.ofAthlete), arguments: [athleteId])
        {
            let head = try verifyRecordHead(db, athleteId: athleteId, actor: actor, full: false)
            guard let head, let hash = RecordSetHash(bytes: [UInt8](row["digest"] as Data)) else {
                throw StoreError.tampered("the records of this athlete (added, changed or removed)")
            }
            pendingHeads.withLock {
                $0[athleteId] = PendingHead(
                    actor: actor, running: (head.count, hash), epoch: head.epoch)
            }
            return
        }
        try verifyRecordHead(db, athleteId: athleteId, actor: actor, full: true)
        pendingHeads.withLock {
            $0[athleteId] = PendingHead(actor: actor, running: nil, epoch: 0)
        }
    }

    /// Applies one row the write puts in (`added`) or takes out (`removed`) to the athlete's
    /// running head; nothing when the head is recounted at commit.
    func noteRecordDelta(
        athleteId: String, keyring: AthleteKeyring, removed: RecordHead.Leaf?,
        added: RecordHead.Leaf?
    ) throws {
        guard let pending = pendingHeads.withLock({ $0[athleteId] }),
            pending.running != nil
        else { return }
        guard keyring.currentEpoch == pending.epoch else {
            pendingHeads.withLock { $0[athleteId]?.running = nil }
            return
        }
        let key = try RecordSetHash.key(epochKey: keyring.currentDataKey)
        pendingHeads.withLock {
            guard var running = $0[athleteId]?.running else { return }
            if let removed {
                running.count -= 1
                running.hash.subtract(RecordSetHash.element(removed, key: key))
            }
            if let added {
                running.count += 1
                running.hash.add(RecordSetHash.element(added, key: key))
            }
            $0[athleteId]?.running = running
        }
    }

    /// Signs the new head of every athlete the write noted, inside its transaction.
    func signPendingHeads(_ db: Database) throws {
        let pending = pendingHeads.withLock { $0 }
        for (athleteId, note) in pending.sorted(by: { $0.key < $1.key }) {
            let actor = note.actor
            let epoch = try Int.fetchOne(
                db.cachedStatement(sql: EpochsTable.currentOfAthlete), arguments: [athleteId])
            guard let epoch else { continue }  // the athlete was removed in this write
            try resealOlderSnapshot(db, athleteId: athleteId, epoch: epoch, actor: actor)
            var count: Int, hash: RecordSetHash
            if let running = note.running, note.epoch == epoch {
                (count, hash) = running
            } else {
                let key = try recordSetKey(db, athleteId: athleteId, epoch: epoch, as: actor)
                (count, hash) = try recordSetDigest(db, athleteId: athleteId, key: key)
            }
            var head = RecordHead(
                athleteId: athleteId, epoch: epoch, count: count, digest: hash.bytes,
                signerId: actor.userId.rawValue)
            head.sign(by: actor.signKeys, workspaceId: actor.anchor.workspaceId)
            var first = false
            if note.running == nil {
                first =
                    try Row.fetchOne(db, sql: RecordHeadsTable.ofAthlete, arguments: [athleteId])
                    == nil
            }
            try db.execute(
                sql: RecordHeadsTable.upsert,
                arguments: [
                    athleteId, epoch, count, Data(head.digest), head.signerId,
                    Data(head.signature),
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
}
