import CoachCodec
import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension SyncApplier {
    /// Applies a verified change to its object: written when it is newer than what this
    /// replica holds, skipped when superseded, and resolved against a queued change of this
    /// machine to the same object by the later clock, ties by device id. The identical put
    /// of a record imported on two machines is no conflict.
    mutating func merge(
        _ theirs: ChangeEnvelope, payload: [UInt8]?, keyring: AthleteKeyring,
        report: inout ApplyReport, overwritten: Bool = false
    ) throws {
        let athleteId = keyring.athleteId
        let known = try Row.fetchOne(
            db, sql: SyncTables.recordChange, arguments: [athleteId, theirs.object])
        guard let device = workspace.syncSigner.withLock({ $0?.device }) else {
            throw SyncFailure.deviceNotOpen
        }
        let queued = try Row.fetchAll(
            db, sql: SyncTables.outboxOfObject, arguments: [athleteId, theirs.object])
        let pending = queued.filter { $0["device_id"] == device.rawValue }
        guard let first = pending.first, let last = pending.last else {
            let floor = try versionFloor(
                known: known, othersQueued: queued.filter { $0["device_id"] != device.rawValue })
            guard theirs.version > floor else {
                report.superseded += 1
                return
            }
            try writeRow(theirs, payload: payload, keyring: keyring)
            report.applied += 1
            return
        }
        let firstQueued = try ChangeEnvelope.decode([UInt8](first["envelope"] as Data))
        let base = firstQueued.baseVersion
        // One of this machine's own changes, stored by a push whose answer never came back:
        // the row is already ours, and the same batch sent again is answered from the store.
        guard theirs.version > base || overwritten, theirs.device != device else {
            report.superseded += 1
            return
        }
        let mine = try ChangeEnvelope.decode([UInt8](last["envelope"] as Data))
        try db.execute(
            sql: SyncTables.deleteOutboxOfObject,
            arguments: [device.rawValue, athleteId, theirs.object])
        rechain = true
        if try sameContent(mine, theirs, payload: payload, keyring: keyring) {
            try writeRow(theirs, payload: payload, keyring: keyring)
            report.applied += 1
            return
        }
        if let merge = try fieldMerge(
            base: try verifiedBase(first, queued: firstQueued), mine: mine, theirs: theirs,
            theirsPayload: payload,
            keyring: keyring)
        {
            try writeRow(theirs, payload: payload, keyring: keyring)
            report.applied += 1
            let ours = merge.changed ? try writeMerged(merge, onto: theirs, keyring: keyring) : mine
            if merge.mineLost {
                try keepConflict(winner: theirs, loser: mine, keyring: keyring)
            }
            if merge.theirsLost {
                try keepConflict(winner: ours, loser: theirs, keyring: keyring)
            }
            report.conflicts += (merge.mineLost ? 1 : 0) + (merge.theirsLost ? 1 : 0)
            return
        }
        let theirsWins =
            (theirs.clock, theirs.device.rawValue) > (mine.clock, mine.device.rawValue)
        if theirsWins {
            try writeRow(theirs, payload: payload, keyring: keyring)
            report.applied += 1
            try keepConflict(winner: theirs, loser: mine, keyring: keyring)
        } else {
            let rebased = try rebase(mine, onto: theirs, keyring: keyring)
            try keepConflict(winner: rebased, loser: theirs, keyring: keyring)
        }
        report.conflicts += 1
    }

    /// Whether this machine's queued put holds the same record (day and payload) as theirs.
    func sameContent(
        _ mine: ChangeEnvelope, _ theirs: ChangeEnvelope, payload: [UInt8]?,
        keyring: AthleteKeyring
    ) throws -> Bool {
        guard mine.operation == .put, let payload, mine.day == theirs.day,
            let kind = RecordKind(rawValue: mine.kind)
        else { return false }
        let local = try RecordCodec.open(
            body: mine.body, athleteId: keyring.athleteId, id: mine.object, kind: kind,
            day: mine.day, epoch: Int(mine.epoch), version: Int(mine.version),
            key: try keyring.recordKey(epoch: Int(mine.epoch), db))
        return local == payload
    }

    /// Writes (or, for a delete, removes) the row a change describes, with the record head and
    /// the snapshot kept in step, and makes it the change behind the record.
    func writeRow(_ change: ChangeEnvelope, payload: [UInt8]?, keyring: AthleteKeyring) throws {
        let athleteId = keyring.athleteId
        try workspace.noteRecordsChanged(db, athleteId: athleteId, actor: actor, incremental: true)
        let num = try workspace.athleteNum(db, athleteId: keyring.id)
        let key = [num.databaseValue, RecordIdColumn.value(change.object)]
        let existing = try Row.fetchOne(
            db,
            sql: """
                SELECT id, kind, day, epoch, version, nonce, ciphertext FROM records
                WHERE athlete_num = ? AND id = ?
                """,
            arguments: StatementArguments(key))
        guard let kind = RecordKind(rawValue: change.kind) else {
            throw StoreError.tampered("record \(change.object)")
        }
        if let existing, existing["kind"] as String != change.kind {
            throw StoreError.recordKindClash(id: change.object, existingKind: existing["kind"])
        }
        let removed = try existing.map(Workspace.leaf(of:))
        var added: RecordHead.Leaf?
        if payload != nil {
            let n = AEAD.nonceBytes
            let nonce = Array(change.body[..<n]), ciphertext = Array(change.body[n...])
            try db.execute(
                sql: RecordCodec.upsert,
                arguments: [
                    num, RecordIdColumn.value(change.object), change.kind, change.day,
                    RecordCodec.format, change.epoch, change.version, Data(nonce),
                    Data(ciphertext),
                ])
            added = RecordHead.leaf(
                id: change.object, kind: change.kind, day: change.day, epoch: Int(change.epoch),
                version: Int(change.version), nonce: nonce, ciphertext: ciphertext)
        } else if existing != nil {
            try db.execute(
                sql: "DELETE FROM records WHERE athlete_num = ? AND id = ?",
                arguments: StatementArguments(key))
        }
        if removed != nil || added != nil {
            try workspace.noteRecordDelta(
                athleteId: athleteId, keyring: keyring, removed: removed, added: added)
            try workspace.updateSnapshot(
                db, keyring: keyring, kind: kind,
                remove: existing.map { (change.object, $0["day"] as String) },
                insert: payload.map { (change.object, change.day, $0) })
        }
        try db.execute(
            sql: SyncTables.upsertRecordChange,
            arguments: [
                athleteId, change.object, change.version, payload == nil,
                Data(change.encoded()),
            ])
    }

    /// This machine's winning change made again on top of theirs, as a new change of this
    /// machine: its row sealed again at the version after theirs (the version is bound into
    /// the ciphertext), or its tombstone, queued with theirs as its base. The outbox is
    /// chained again at the end of the page.
    func rebase(_ mine: ChangeEnvelope, onto theirs: ChangeEnvelope, keyring: AthleteKeyring)
        throws -> ChangeEnvelope
    {
        let version = Int(theirs.version) + 1
        let id = RecordID(mine.object)
        if mine.operation == .put {
            // The record as this machine's change made it, from its own body: the row holds
            // theirs when another user of this file pulled it over the queued change.
            guard let kind = RecordKind(rawValue: mine.kind) else {
                throw StoreError.tampered("record \(mine.object)")
            }
            let payload = try RecordCodec.open(
                body: mine.body, athleteId: keyring.athleteId, id: mine.object, kind: kind,
                day: mine.day, epoch: Int(mine.epoch), version: Int(mine.version),
                key: try keyring.recordKey(epoch: Int(mine.epoch), db))
            let row = try workspace.fetchRecord(db, keyring: keyring, id: id)
            try workspace.noteRecordsChanged(
                db, athleteId: keyring.athleteId, actor: actor, incremental: true)
            try workspace.writeRecordRow(
                db, keyring: keyring, id: id, kind: kind, day: mine.day, version: version
            ) { RecordPayload.pack(payload, kind: kind, id: mine.object) }
            try workspace.updateSnapshot(
                db, keyring: keyring, kind: kind, remove: row.map { (mine.object, $0.day) },
                insert: (mine.object, mine.day, payload))
        } else {
            try workspace.noteRowChange(
                db,
                Workspace.RowChange(
                    athleteId: keyring.athleteId, object: mine.object, kind: mine.kind,
                    day: mine.day, epoch: Int(mine.epoch), version: version, body: nil),
                author: actor.userId)
        }
        guard
            let row = try Row.fetchOne(
                db, sql: SyncTables.recordChange, arguments: [keyring.athleteId, mine.object])
        else { throw StoreError.recordNotFound(mine.object) }
        return try ChangeEnvelope.decode([UInt8](row["envelope"] as Data))
    }

    /// Keeps a conflict's losing change beside the winner, resolved by this machine's device,
    /// and queues the pair as a `SyncConflictNote` (signed by that device) so that every other
    /// replica lists the same conflict.
    func keepConflict(winner: ChangeEnvelope, loser: ChangeEnvelope, keyring: AthleteKeyring)
        throws
    {
        guard let resolver = workspace.syncSigner.withLock({ $0 })?.device else {
            throw SyncFailure.deviceNotOpen
        }
        try db.execute(
            sql: SyncTables.insertConflict,
            arguments: [
                keyring.athleteId, winner.object, winner.kind, winner.day,
                Data(winner.encoded()), Data(loser.encoded()), workspace.nowMilliseconds,
                resolver.rawValue,
            ])
        let note = SyncConflictNote(winner: winner, loser: loser)
        guard note.fits else { return }
        try workspace.noteRowChange(
            db,
            Workspace.RowChange(
                athleteId: keyring.athleteId, object: note.object, kind: SyncConflictNote.kind,
                day: winner.day, epoch: keyring.currentEpoch, version: 1, body: note.body),
            author: actor.userId)
    }

    /// Signs this machine's queued changes again as one chain from the last change the server
    /// acknowledged, after a conflict took changes out of it or rebased them; each must be this
    /// device's own (`SyncSigner.queuedChanges`), or `StoreError.tampered`.
    func rechainOutbox() throws {
        guard let signer = workspace.syncSigner.withLock({ $0 }) else {
            throw SyncFailure.deviceNotOpen
        }
        try workspace.rechainOutbox(db, signer: signer, last: [])
    }
}
