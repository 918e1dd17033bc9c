import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension SyncApplier {
    /// The change is sealed under the epoch in force at its place in the stream, or a later
    /// one: a change after a rotation's signed position under a retired epoch is refused,
    /// whatever clock its signer chose. At a rotation's position the stream head must be the
    /// one the owner signed.
    ///
    /// - Throws: `SyncFailure.refusedChange` naming the signer, or `.streamBroken` for a
    ///   head other than the signed one (both exit 74).
    func checkEpochInForce(_ change: ReceivedChange, _ envelope: ChangeEnvelope, user: String)
        throws
    {
        let stream = change.athleteId.rawValue
        let inForce =
            try Int64.fetchOne(
                db, sql: SyncTables.epochInForce, arguments: [stream, change.sseq]) ?? 1
        guard envelope.epoch >= inForce else {
            throw SyncFailure.refusedChange(
                device: envelope.device, user: user,
                reason: "it is sealed under key epoch \(envelope.epoch), retired before this "
                    + "place in the stream (epoch \(inForce) began earlier)")
        }
        for row in try Row.fetchAll(db, sql: SyncTables.markAt, arguments: [stream, change.sseq])
        where [UInt8](row["head"] as Data) != change.streamHead {
            let epoch: Int64 = row["epoch"]
            throw SyncFailure.streamBroken(
                stream: stream,
                reason: "the head at change \(change.sseq) is not the one epoch \(epoch) "
                    + "began at")
        }
    }
}
