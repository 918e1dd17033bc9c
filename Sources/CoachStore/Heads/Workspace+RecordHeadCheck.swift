import CoachKit
import GRDB

extension Workspace {
    /// The `records` line of a health check: each athlete the actor holds has its records
    /// exactly as its signed head says (none added, changed or removed behind the writers).
    func recordHeadCheck(as actor: Principal) throws -> DoctorCheck {
        var failed: [String] = []
        var total = 0
        try read { db in
            let ids = try String.fetchAll(
                db, sql: GrantsTable.athleteIdsOfUser, arguments: [actor.userId.rawValue])
            for id in ids {
                total += 1
                let keyring: AthleteKeyring
                do {
                    keyring = try AthleteKeyring.openLabelled(db, athleteId: id, principal: actor)
                } catch {
                    // Rotations delete every older grant, so a grant that does not open is
                    // no routine case: the keys line says why; this line names the athlete.
                    failed.append("'\(id)' (its key does not open)")
                    continue
                }
                do {
                    try verifyRecordHead(
                        db, athleteId: id, actor: actor, full: true, keyring: keyring)
                } catch StoreError.tampered {
                    failed.append("'\(keyring.label ?? id)'")
                }
            }
        }
        return DoctorCheck(
            name: "records", ok: failed.isEmpty,
            detail: failed.isEmpty
                ? "\(total) athletes' records match their signed heads"
                : "records added, changed or removed outside coach: "
                    + failed.joined(separator: ", "))
    }
}
