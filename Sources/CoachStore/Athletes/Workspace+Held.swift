import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// The ids of the athletes a listing of `actor`'s walks: for a coach or an athlete user
    /// the athletes they hold a grant of (any epoch: a revoked one is passed over when opened);
    /// for the owner, who holds every athlete, every athlete on file and every athlete her
    /// sealed state remembers that still has a trace in the file, whether or not her grant
    /// is still there.
    ///
    /// The owner's grant of an athlete on this list that does not open is tampering
    /// (`AthleteKeyring.open`), so deleting her grant row, or the athlete's row or key
    /// history, never hides an athlete from her.
    func heldIds(_ db: Database, as actor: Principal) throws -> [String] {
        let granted = try String.fetchAll(
            db.cachedStatement(sql: GrantsTable.athleteIdsOfUser),
            arguments: [actor.userId.rawValue])
        guard actor.role == .owner else { return granted }
        var ids = try String.fetchAll(db.cachedStatement(sql: AthletesTable.ids))
        var seen = Set(ids)
        for id in granted where seen.insert(id).inserted { ids.append(id) }
        for id in actor.knownEpochs.keys.sorted() where !seen.contains(id) {
            // An athlete removed the ordinary way leaves nothing behind.
            if try Bool.fetchOne(db, sql: AthletesTable.anyTraceOfId, arguments: [id]) == true {
                seen.insert(id)
                ids.append(id)
            }
        }
        return ids
    }

    /// Whether the owner must hold a grant of the athlete: anything of it is left in the file.
    static func ownerMustHold(_ db: Database, athleteId: String, as actor: Principal) throws
        -> Bool
    {
        guard actor.role == .owner else { return false }
        return try Bool.fetchOne(db, sql: AthletesTable.anyTraceOfId, arguments: [athleteId])
            == true
    }
}
