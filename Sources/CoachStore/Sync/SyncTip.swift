import CoachKit
import CoachTrust
import Foundation
import GRDB

/// Where one of this replica's own devices stands: the last change it signed (outbox
/// included), the last one the server acknowledged, and the number of its next push batch.
struct SyncTip: Sendable {
    let device: DeviceID
    var sequence: Int64
    var hash: [UInt8]
    var ackedSequence: Int64
    var ackedHash: [UInt8]
    var batchSeq: Int64

    /// The device's position, or its genesis when it has signed nothing yet.
    static func load(_ db: Database, device: DeviceID) throws -> SyncTip {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: SyncTables.tip), arguments: [device.rawValue])
        else {
            let genesis = ChangeEnvelope.genesisHash
            return SyncTip(
                device: device, sequence: 0, hash: genesis, ackedSequence: 0, ackedHash: genesis,
                batchSeq: 0)
        }
        return SyncTip(
            device: device, sequence: row["sequence"], hash: [UInt8](row["hash"] as Data),
            ackedSequence: row["acked_sequence"], ackedHash: [UInt8](row["acked_hash"] as Data),
            batchSeq: row["batch_seq"])
    }

    /// Stores the position.
    func save(_ db: Database) throws {
        try db.cachedStatement(sql: SyncTables.upsertTip).execute(
            arguments: [
                device.rawValue, sequence, Data(hash), ackedSequence, Data(ackedHash), batchSeq,
            ])
    }
}
