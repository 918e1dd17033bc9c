import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// The athlete the actor holds whose handle is `handle` by their own sealed label and by
    /// the profile itself (read only when the handle index finds nothing: one label decryption
    /// per held athlete, and a profile for a label that matches; a label left from before a
    /// rename does not match its profile).
    func labelledAthlete(_ db: Database, handle: String, as actor: Principal) throws -> String? {
        for row in try Row.fetchAll(
            db, sql: GrantsTable.selfLabelsOfUser, arguments: [actor.userId.rawValue])
        {
            let id: String = row["athlete_id"]
            guard (try? AthleteKeyring.label(db, athleteId: id, principal: actor)) == handle,
                let access = try openGranted(db, athleteId: AthleteID(id), as: actor)
            else { continue }
            if access.profile.handle == handle { return id }
        }
        return nil
    }
}
