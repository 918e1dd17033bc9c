import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// The athletes whose superseded bodies this replica should now ask the server to redact,
    /// with the key epoch each asks for: those the actor may write (the owner, or staff
    /// holding the current key) whose key was rotated (epoch above 1), whose stream this
    /// replica syncs, with every record re-sealed under the current epoch and nothing of the
    /// athlete queued (the rekey is pushed), and not asked for at this epoch before.
    ///
    /// - Parameter actor: the signed-in user.
    /// - Returns: each athlete due, with its current epoch.
    public func redactionsDue(as actor: Principal) throws -> [AthleteID: Int64] {
        guard actor.role != .athlete else { return [:] }
        let held = try heldAthleteIds(as: actor)
        return try read { db in
            let streams = Set(
                try String.fetchAll(db, sql: "SELECT stream FROM sync_streams"))
            var due: [AthleteID: Int64] = [:]
            for athlete in held where streams.contains(athlete.rawValue) {
                let id = athlete.rawValue
                guard
                    let epoch = try Int64.fetchOne(
                        db, sql: EpochsTable.currentOfAthlete, arguments: [id]),
                    epoch > 1,
                    (try Int64.fetchOne(db, sql: SyncRedactionTables.posted, arguments: [id])
                        ?? 0) < epoch,
                    try Int64.fetchOne(
                        db, sql: SyncRedactionTables.olderRecords, arguments: [id, epoch]) == 0,
                    try Int64.fetchOne(db, sql: SyncRedactionTables.queued, arguments: [id]) == 0
                else { continue }
                due[athlete] = epoch
            }
            return due
        }
    }

    /// Remembers that this replica asked the server to redact each athlete at its epoch.
    ///
    /// - Parameter epochs: the athletes asked for, with the epoch each was asked at.
    public func noteRedactionsPosted(_ epochs: [AthleteID: Int64]) throws {
        try write { db in
            for (athlete, epoch) in epochs {
                try db.execute(
                    sql: SyncRedactionTables.note, arguments: [athlete.rawValue, epoch])
            }
        }
    }
}
