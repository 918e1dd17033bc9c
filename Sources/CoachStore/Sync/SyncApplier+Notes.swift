import CoachKit
import CoachTrust
import Foundation
import GRDB

extension SyncApplier {
    /// The conflict a pulled `SyncConflictNote` lists, checked as if both of its changes had
    /// been pulled: each signed by a device of the roster (a revoked one only before its
    /// revocation), by an author holding the athlete at its epoch, and each put opening under
    /// the athlete's key as the record its header names. The note is a put of the id its loser
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

    /// Keeps the conflict a checked note lists, unless this replica holds it already (its own
    /// note pulled back, or the note pulled twice), and makes the note the change behind its
    /// object.
    func keepNote(
        _ note: SyncConflictNote, _ envelope: ChangeEnvelope, athleteId: String,
        report: inout ApplyReport
    ) throws {
        let loser = Data(note.loser.encoded())
        let held = try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM sync_conflicts
                WHERE athlete_id = ? AND object = ? AND loser = ?)
                """,
            arguments: [athleteId, note.loser.object, loser])
        if held != true {
            let winner = note.winner
            try db.execute(
                sql: SyncTables.insertConflict,
                arguments: [
                    athleteId, winner.object, winner.kind, winner.day, Data(winner.encoded()),
                    loser, workspace.nowMilliseconds,
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
