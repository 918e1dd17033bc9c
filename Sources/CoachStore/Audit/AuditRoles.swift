import CoachKit
import GRDB

/// Which certified roles may make each audited action, so a validly signed entry by a user
/// whose role never allowed it (an athlete user "revoking" a coach) is reported.
///
/// Actions not listed (logging, imports, goals, adherence, one's own passphrase) are open to
/// every role the use case itself admits.
enum AuditRoles {
    static let ownerOnly: Set<String> = [
        "workspace.init", "user.disable", "user.reset", "access.revoke", "plugin.add",
        "plugin.readd", "plugin.remove",
    ]
    static let staffOnly: Set<String> = [
        "user.add", "access.grant", "access.rekey", "athlete.add", "athlete.remove",
        "plan.week.save", "plan.week.remove", "plan.week.move", "plan.week.copy", "plan.import",
        "plan.session.add", "plan.session.remove", "plan.session.move", "plan.session.edit",
        "plan.apply",
    ]

    /// Whether a user of `role` may have made `action`.
    static func allows(_ role: Role, _ action: String) -> Bool {
        if ownerOnly.contains(action) { return role == .owner }
        if staffOnly.contains(action) { return role != .athlete }
        return true
    }
}

extension Workspace {
    /// Checks every audit entry's actor against their verified certificate: the actor must be
    /// a certified user whose role allows the action. Names the first entry that fails.
    ///
    /// - Returns: the `audit-roles` line of `coach doctor`.
    func auditRoleCheck(as actor: Principal) throws -> DoctorCheck {
        try read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT seq, actor_id, action FROM audit ORDER BY seq")
            for r in rows {
                let seq: Int64 = r["seq"], action: String = r["action"]
                let role: Role?
                do { role = try actor.certificate(db, r["actor_id"]).role } catch StoreError
                    .tampered
                {
                    role = nil
                }
                guard let role, AuditRoles.allows(role, action) else {
                    return DoctorCheck(
                        name: "audit-roles", ok: false,
                        detail: "entry \(seq) (\(action)) was made by a user whose certified "
                            + "role does not allow it")
                }
            }
            return DoctorCheck(
                name: "audit-roles", ok: true,
                detail: "\(rows.count) entries made by certified users whose role allows them")
        }
    }
}
