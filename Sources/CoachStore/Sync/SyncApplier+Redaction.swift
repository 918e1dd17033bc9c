import CoachKit
import CoachTrust
import Foundation
import GRDB

extension SyncApplier {
    /// An object of an athlete stream.
    struct PageObject: Hashable {
        let athleteId: String
        let object: String
    }

    /// Notes the sequence and epoch of every change of the page that reads, by object, so a
    /// redacted change can be matched with a re-seal later in the same page.
    mutating func notePage(_ changes: [ReceivedChange]) {
        for change in changes {
            guard let envelope = try? ChangeEnvelope.decode(change.envelope) else { continue }
            let key = PageObject(athleteId: change.athleteId.rawValue, object: envelope.object)
            pageChanges[key, default: []].append((change.sseq, envelope.epoch))
        }
    }

    /// A redacted change is the server's dropping of a superseded body only when this replica
    /// holds, or applies later, a change of the same object at a higher epoch (a rekey's
    /// re-seal, or a later edit at the new epoch). When neither this replica nor the rest of
    /// the page holds one yet, the change waits in `sync_withheld` for a later page or sync to
    /// bring it; the end of the pull refuses what still waits (`Workspace.checkWithheld`).
    mutating func checkRedacted(_ change: ReceivedChange, _ envelope: ChangeEnvelope) throws {
        let athlete = change.athleteId.rawValue
        let key = PageObject(athleteId: athlete, object: envelope.object)
        let later = pageChanges[key] ?? []
        if later.contains(where: { $0.sseq > change.sseq && $0.epoch > envelope.epoch }) {
            return
        }
        if let row = try Row.fetchOne(
            db, sql: SyncTables.recordChange, arguments: [athlete, envelope.object]),
            let held = try? ChangeEnvelope.decode([UInt8](row["envelope"] as Data)),
            held.epoch > envelope.epoch, held.version > envelope.version
        {
            return
        }
        try db.execute(
            sql: SyncWithheldTables.insert,
            arguments: [
                athlete, change.sseq, envelope.object, envelope.epoch, envelope.device.rawValue,
                envelope.sequence, Data(envelope.encoded()),
            ])
        withheldTouched.insert(athlete)
    }

    /// Any change of an object at a higher epoch justifies its redacted changes still waiting.
    mutating func justifyWithheld(_ change: ReceivedChange, _ envelope: ChangeEnvelope) throws {
        try db.execute(
            sql: SyncWithheldTables.justify,
            arguments: [change.athleteId.rawValue, envelope.object, envelope.epoch])
        if db.changesCount > 0 { withheldTouched.insert(change.athleteId.rawValue) }
    }
}
