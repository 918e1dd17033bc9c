import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// The next push of this machine's device: the batch number and up to `limit` queued
    /// changes in chain order. The same batch comes back until it is acknowledged, so a push
    /// whose answer was lost is sent again unchanged (the server answers it from its store).
    ///
    /// - Throws: `SyncFailure.deviceNotOpen` when no device key is open.
    public func pendingBatch(limit: Int) throws -> (batchSeq: Int64, changes: [OutboxEntry]) {
        guard let device = syncSigner.withLock({ $0?.device }) else {
            throw SyncFailure.deviceNotOpen
        }
        return try read { db in
            let tip = try SyncTip.load(db, device: device)
            let rows = try Row.fetchAll(
                db, sql: SyncTables.outboxOfDevice + " LIMIT ?",
                arguments: [device.rawValue, limit])
            return (tip.batchSeq + 1, rows.map(OutboxEntry.init(row:)))
        }
    }

    /// Clears the changes of batch `batchSeq` from the outbox once the server's answer is
    /// held: they are the server's now, and the device's acknowledged position moves to the
    /// last of them.
    ///
    /// - Parameters:
    ///   - batchSeq: the batch the answer is for.
    ///   - sequences: the device sequences the server accepted, in order.
    /// - Throws: `SyncFailure.deviceNotOpen`; `StoreError.conflict` when the answer is not
    ///   for the batch the outbox holds.
    public func acknowledgeBatch(_ batchSeq: Int64, sequences: [Int64]) throws {
        guard let device = syncSigner.withLock({ $0?.device }) else {
            throw SyncFailure.deviceNotOpen
        }
        try write { db in
            var tip = try SyncTip.load(db, device: device)
            let rows = try Row.fetchAll(
                db, sql: SyncTables.outboxOfDevice + " LIMIT ?",
                arguments: [device.rawValue, sequences.count])
            guard batchSeq == tip.batchSeq + 1,
                rows.map({ $0["sequence"] as Int64 }) == sequences
            else {
                throw StoreError.conflict("the server's answer is not for the queued changes")
            }
            guard let last = rows.last else { return }
            let envelope = try ChangeEnvelope.decode([UInt8](last["envelope"] as Data))
            try db.execute(
                sql: "DELETE FROM outbox WHERE device_id = ? AND sequence <= ?",
                arguments: [device.rawValue, envelope.sequence])
            tip.ackedSequence = envelope.sequence
            tip.ackedHash = envelope.hash
            tip.batchSeq = batchSeq
            try tip.save(db)
        }
    }

    /// Where this replica stands in each athlete stream: the last stream sequence applied.
    public func streamCursors() throws -> [AthleteID: Int64] {
        try read { db in
            var out: [AthleteID: Int64] = [:]
            for row in try Row.fetchAll(db, sql: SyncTables.streams) {
                out[AthleteID(row["stream"])] = row["sseq"]
            }
            return out
        }
    }

    /// Notes the end of a completed sync.
    public func noteSynced() throws {
        try write { db in
            try db.execute(sql: SyncTables.setLastSync, arguments: [nowMilliseconds])
        }
    }
}
