import CoachKit
import CoachTrust
import Foundation
import GRDB

extension SyncApplier {
    /// The conflict a pulled `SyncConflictNote` lists, checked as if both of its changes had
    /// been pulled: each signed by a device of the roster (a revoked one only before its
    /// revocation), by an author holding the athlete at its epoch, and each put opening under
    /// the athlete's key as the record its header names; both of one kind, the winner the
    /// later by clock (ties by device id). The note is a put of the id its pair
    /// gives, in the stream of the record it names.
    ///
    /// - Throws: `SyncFailure.refusedChange` naming the note's signer, or the signer of the
    ///   change inside it that fails.
    mutating func checkNote(
        _ envelope: ChangeEnvelope, keyring: AthleteKeyring, user: String
    ) throws -> SyncConflictNote {
        guard envelope.operation == .put, let note = SyncConflictNote(body: envelope.body),
            note.winner.stream == envelope.stream, note.object == envelope.object
        else {
            throw SyncFailure.refusedChange(
                device: envelope.device, user: user,
                reason: "it is a conflict note that does not hold two changes of one record")
        }
        // The pair itself: one record's kind on both sides, and the winner winning by the rule
        // every replica resolves by (the later clock, ties by device id). A resolving replica's
        // own winner (rebased or merged) is made after the loser reached it, so it is later.
        // (Base versions are not compared: a queued chain's last change and a rebased winner
        // do not share the loser's base in genuine notes.)
        guard note.winner.kind == note.loser.kind,
            (note.winner.clock, note.winner.device.rawValue)
                > (note.loser.clock, note.loser.device.rawValue)
        else {
            throw SyncFailure.refusedChange(
                device: envelope.device, user: user,
                reason: "it is a conflict note whose winner does not win by the later clock")
        }
        for (side, change) in [("winning", note.winner), ("losing", note.loser)] {
            do {
                let device = try verifyDevice(change)
                try checkAuthor(change, user: device.user.handle)
                _ = try openBody(change, keyring: keyring, user: device.user.handle)
            } catch SyncFailure.refusedChange(let device, let signer, let reason) {
                throw SyncFailure.refusedChange(
                    device: device, user: signer,
                    reason: "the \(side) change of the conflict note \(envelope.object) signed"
                        + " by device \(envelope.device.rawValue): \(reason)")
            }
        }
        return note
    }

    /// Keeps the conflict a checked note lists, with the note's signer as the device that
    /// resolved it, unless this replica holds it already (its own note pulled back, or the
    /// note pulled twice), and makes the note the change behind its object.
    func keepNote(
        _ note: SyncConflictNote, _ envelope: ChangeEnvelope, athleteId: String,
        report: inout ApplyReport
    ) throws {
        // Listed once per pair: one change may have lost to another change elsewhere too.
        let loser = Data(note.loser.encoded()), winner = Data(note.winner.encoded())
        let held = try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM sync_conflicts
                WHERE athlete_id = ? AND object = ? AND winner = ? AND loser = ?)
                """,
            arguments: [athleteId, note.loser.object, winner, loser])
        if held != true {
            try db.execute(
                sql: SyncTables.insertConflict,
                arguments: [
                    athleteId, note.winner.object, note.winner.kind, note.winner.day, winner,
                    loser, workspace.nowMilliseconds, envelope.device.rawValue,
                ])
            report.conflicts += 1
        }
        try db.execute(
            sql: SyncTables.upsertRecordChange,
            arguments: [
                athleteId, envelope.object, envelope.version, false, Data(envelope.encoded()),
            ])
    }
}
