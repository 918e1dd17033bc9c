import CoachKit
import GRDB

extension Workspace {
    /// Calls `body` with the whole dataset of every athlete the actor holds, one at a time.
    ///
    /// The snapshots are read in one read transaction, so the roster is one consistent moment
    /// and only one athlete's data is decoded in memory at a time. An athlete without a snapshot
    /// yet (a workspace from before snapshots) takes the slow path once, which also writes its
    /// snapshot. Athletes whose grant the actor lost
    /// (revoked) are skipped; a tampered grant stops the walk with an error naming the athlete. The order is unspecified.
    ///
    /// - Parameter body: receives the athlete id and dataset; its errors stop the walk.
    public func forEachDataset(
        as actor: Principal, _ body: (AthleteID, AthleteDataset) throws -> Void
    ) throws {
        var opened: [AthleteKeyring] = []
        var missing: [String] = []
        try read { db in
            let ids = try String.fetchAll(
                db, sql: "SELECT DISTINCT athlete_id FROM grants WHERE user_id = ?",
                arguments: [actor.userId.rawValue])
            for id in ids {
                let keyring: AthleteKeyring
                do {
                    keyring = try AthleteKeyring.openLabelled(db, athleteId: id, principal: actor)
                } catch StoreError.permissionDenied {
                    continue  // a grant of an older epoch: this user was revoked from the athlete
                }
                opened.append(keyring)
                if let dataset = try loadSnapshot(db, keyring: keyring) {
                    try keyring.noteHandle(dataset.athlete.handle, random: random)
                    try body(AthleteID(id), dataset)
                } else {
                    missing.append(id)
                }
            }
        }
        try storeSelfSeals(opened)
        for id in missing {
            try body(AthleteID(id), try exportDataset(athleteId: AthleteID(id), as: actor))
        }
    }
}
