import CoachKit
import CoachTrust
import Foundation
import GRDB

extension SyncSigner {
    /// This device's queued changes, in chain order, each checked to be its own before anything
    /// signs it again.
    ///
    /// Every row's envelope must carry this device's valid signature, name this device and its
    /// user, stream and object equal to the row's `athlete_id` and `object` columns, and keep
    /// its place in the device chain: its sequence after the acknowledged tip and the row
    /// before it, not past the device's tip, and, where it directly follows the acknowledged
    /// tip or the row before it, that change's hash as its previous one. Someone who can write
    /// the file cannot plant a change (a delete needs no key) for this device to re-sign.
    ///
    /// - Returns: the rows with their decoded envelopes.
    /// - Throws: `StoreError.tampered` naming the first row that fails; `CodecError` when an
    ///   envelope does not decode.
    func queuedChanges(_ db: Database) throws -> [(row: Row, change: ChangeEnvelope)] {
        let tip = try SyncTip.load(db, device: device)
        let rows = try Row.fetchAll(
            db, sql: SyncTables.outboxOfDevice, arguments: [device.rawValue])
        var at = (sequence: tip.ackedSequence, hash: tip.ackedHash)
        var checked: [(row: Row, change: ChangeEnvelope)] = []
        for row in rows {
            let change = try ChangeEnvelope.decode([UInt8](row["envelope"] as Data))
            let sequence: Int64 = row["sequence"]
            let follows = change.sequence != at.sequence + 1 || change.previousHash == at.hash
            guard change.signatureValid(devicePK: keys.publicKey),
                change.device == device, change.author == userId,
                change.stream == .athlete(AthleteID(row["athlete_id"] as String)),
                change.object == row["object"] as String, change.sequence == sequence,
                change.sequence > at.sequence, change.sequence <= tip.sequence, follows
            else {
                throw StoreError.tampered(
                    "queued change \(sequence) of this device (not its own signed change in its"
                        + " place in the chain)")
            }
            checked.append((row, change))
            at = (change.sequence, change.hash)
        }
        return checked
    }
}
