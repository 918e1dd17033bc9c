import CoachKit
import CoachTrust
import GRDB

extension Workspace {
    /// The first audit entry whose actor is not a certified user whose role allows the
    /// action, checked against `actor`'s trust anchor; nil when every entry passes.
    public func auditRoleViolation(as actor: Principal) throws -> (seq: Int64, action: String)? {
        try read { db in
            let rows = try Row.fetchAll(
                db, sql: AuditTable.actorsAndActions)
            for r in rows {
                let seq: Int64 = r["seq"], action: String = r["action"]
                let role: Role?
                do { role = try actor.certificate(db, r["actor_id"]).role } catch StoreError
                    .tampered
                {
                    role = nil
                }
                guard let role, AuditRoles.allows(role, action) else { return (seq, action) }
            }
            return nil
        }
    }

    /// The `audit-roles` line of `coach doctor` (see `auditRoleViolation`).
    func auditRoleCheck(as actor: Principal) throws -> DoctorCheck {
        if let bad = try auditRoleViolation(as: actor) {
            return DoctorCheck(
                name: "audit-roles", ok: false,
                detail: "entry \(bad.seq) (\(bad.action)) was made by a user whose certified "
                    + "role does not allow it")
        }
        return DoctorCheck(
            name: "audit-roles", ok: true,
            detail: "every entry was made by a certified user whose role allows it")
    }
}
