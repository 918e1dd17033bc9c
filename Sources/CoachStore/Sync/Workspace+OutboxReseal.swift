import CoachCodec
import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Makes the outbox pushable after the roster moved an athlete to a new epoch.
    ///
    /// The queued changes of an athlete the signed-in user still holds, sealed under an older
    /// epoch, are sealed again under the current one: each object's queued changes become one
    /// change on the same base (its row sealed again, or its tombstone). The changes to an
    /// athlete whose current key the user no longer holds (access revoked) cannot be: they stay
    /// queued on this machine, moved to the end of the device's chain so the others can go.
    ///
    /// - Parameter actor: the signed-in user.
    /// - Returns: how many queued changes each athlete the user lost holds.
    /// - Throws: `SyncFailure.deviceNotOpen`; `StoreError.tampered` when a key does not open or
    ///   a queued change is not this device's own signed change in its place in the chain.
    public func prepareOutbox(as actor: Principal) throws -> [AthleteID: Int] {
        guard let signer = syncSigner.withLock({ $0 }) else { throw SyncFailure.deviceNotOpen }
        return try write { db in
            let queued = try signer.queuedChanges(db).map { ($0.row, $0.change) }
            guard !queued.isEmpty else { return [:] }
            let lost = try athletesWithoutAccess(db, in: queued.map { $0.0 }, as: actor)
            var moved = !lost.isEmpty
            for athlete in Set(queued.map { $0.0["athlete_id"] as String })
            where lost[AthleteID(athlete)] == nil {
                let current =
                    try Int.fetchOne(db, sql: EpochsTable.currentOfAthlete, arguments: [athlete])
                    ?? 0
                let mine = queued.filter { $0.0["athlete_id"] == athlete }
                guard mine.contains(where: { $0.1.epoch < current }) else { continue }
                let keyring = try AthleteKeyring.open(db, athleteId: athlete, principal: actor)
                try reseal(db, mine, keyring: keyring, actor: actor)
                moved = true
            }
            if moved {
                try rechainOutbox(db, signer: signer, last: Set(lost.keys.map(\.rawValue)))
            }
            return lost
        }
    }

    /// How many queued changes each athlete holds whose current key `actor` holds no grant of
    /// (access revoked since they were made); read only.
    public func queuedWithoutAccess(as actor: Principal) throws -> [AthleteID: Int] {
        guard let signer = syncSigner.withLock({ $0 }) else { return [:] }
        return try read { db in
            try athletesWithoutAccess(
                db,
                in: Row.fetchAll(
                    db, sql: SyncTables.outboxOfDevice, arguments: [signer.device.rawValue]),
                as: actor)
        }
    }

    private func athletesWithoutAccess(_ db: Database, in rows: [Row], as actor: Principal)
        throws -> [AthleteID: Int]
    {
        var counts: [String: Int] = [:]
        for row in rows { counts[row["athlete_id"], default: 0] += 1 }
        var lost: [AthleteID: Int] = [:]
        for (athlete, count) in counts {
            let current =
                try Int.fetchOne(db, sql: EpochsTable.currentOfAthlete, arguments: [athlete]) ?? 0
            let held = try Data.fetchOne(
                db, sql: GrantsTable.signatureOfOne,
                arguments: [athlete, current, actor.userId.rawValue])
            if held == nil { lost[AthleteID(athlete)] = count }
        }
        return lost
    }

    /// Seals one athlete's queued changes again under `keyring`'s (current) epoch: per object,
    /// one change on the first queued change's base, which keeps that change's merge base.
    private func reseal(
        _ db: Database, _ queued: [(Row, ChangeEnvelope)], keyring: AthleteKeyring,
        actor: Principal
    ) throws {
        var objects: [String] = []
        for (row, _) in queued where !objects.contains(row["object"]) {
            objects.append(row["object"])
        }
        for object in objects {
            let mine = queued.filter { $0.0["object"] == object }
            let (firstRow, first) = mine[0]
            // Made on top of another user's queued change that can never be pushed now: made
            // again on the version that change started from, which the server holds.
            let under = try unpushableUnder(db, first, actor: actor)
            let version = Int(under?.baseVersion ?? first.baseVersion) + 1
            let scope: StatementArguments = [
                first.device.rawValue, keyring.athleteId, object,
            ]
            try db.execute(
                sql: SyncTables.deleteOutboxOfObject,
                arguments: scope)
            let last = mine[mine.count - 1].1
            if last.kind == SyncConflictNote.kind {
                // A conflict note holds signed changes, not a row: queued again as it is.
                try noteRowChange(
                    db,
                    RowChange(
                        athleteId: keyring.athleteId, object: object, kind: last.kind,
                        day: last.day, epoch: keyring.currentEpoch, version: version,
                        body: last.body),
                    author: actor.userId)
            } else if let record = try fetchRecord(db, keyring: keyring, id: RecordID(object)) {
                try noteRecordsChanged(
                    db, athleteId: keyring.athleteId, actor: actor, incremental: true)
                _ = try writeRecordRow(
                    db, keyring: keyring, id: RecordID(object), kind: record.kind,
                    day: record.day, version: version
                ) { RecordPayload.pack(record.payload, kind: record.kind, id: record.id) }
            } else {
                try noteRowChange(
                    db,
                    RowChange(
                        athleteId: keyring.athleteId, object: object, kind: last.kind,
                        day: last.day, epoch: keyring.currentEpoch, version: version, body: nil),
                    author: actor.userId)
            }
            try db.execute(
                sql:
                    SyncTables.setOutboxBase,
                arguments: [under.map(\.base) ?? firstRow["base"] as Data?] + scope)
        }
    }

    /// Signs this machine's queued changes again as one chain from the last change the server
    /// acknowledged, those of the athletes in `last` at its end, after checking each is this
    /// device's own (`SyncSigner.queuedChanges`); with `seen`, each names that log position
    /// as seen instead (after a log reset: a head the restored server signed).
    func rechainOutbox(
        _ db: Database, signer: SyncSigner, last: Set<String>, seen: LogPosition? = nil
    ) throws {
        var tip = try SyncTip.load(db, device: signer.device)
        let rows = try signer.queuedChanges(db)
        try db.execute(
            sql: "DELETE FROM outbox WHERE device_id = ?", arguments: [signer.device.rawValue])
        let ordered =
            rows.filter { !last.contains($0.row["athlete_id"]) }
            + rows.filter { last.contains($0.row["athlete_id"]) }
        var at = (sequence: tip.ackedSequence, hash: tip.ackedHash)
        for (row, queued) in ordered {
            let old = [UInt8](row["envelope"] as Data)
            var change = queued
            change.sequence = at.sequence + 1
            change.previousHash = at.hash
            if let seen { change.seen = seen }
            change.sign(by: signer.keys)
            let bytes = Data(change.encoded())
            try db.execute(
                sql: SyncTables.insertOutbox,
                arguments: [
                    signer.device.rawValue, change.sequence, row["athlete_id"] as String,
                    row["object"] as String, bytes, row["base"] as Data?,
                ])
            try db.execute(
                sql: "UPDATE record_changes SET envelope = ? WHERE envelope = ?",
                arguments: [bytes, Data(old)])
            at = (change.sequence, change.hash)
        }
        tip.sequence = at.sequence
        tip.hash = at.hash
        try tip.save(db)
    }
}
