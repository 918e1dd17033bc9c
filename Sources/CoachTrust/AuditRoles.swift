import CoachKit

/// Which certified roles may make each audited action, so a validly signed entry by a user
/// whose role never allowed it (an athlete user "revoking" a coach) is reported.
///
/// Actions not listed (logging, imports, goals, adherence, one's own passphrase) are open to
/// every role the use case itself admits.
public enum AuditRoles {
    /// Actions only the owner may make.
    public static let ownerOnly: Set<String> = [
        "workspace.init", "user.disable", "user.reset", "access.revoke", "plugin.add",
        "plugin.readd", "plugin.remove", "audit.checkpoint",
    ]
    /// Actions the owner and coaches may make, athlete users never.
    public static let staffOnly: Set<String> = [
        "user.add", "access.grant", "access.rekey", "athlete.add", "athlete.remove",
        "plan.week.save", "plan.week.remove", "plan.week.move", "plan.week.copy", "plan.import",
        "plan.session.add", "plan.session.remove", "plan.session.move", "plan.session.edit",
        "plan.apply",
    ]

    /// Whether a user of `role` may have made `action`.
    public static func allows(_ role: Role, _ action: String) -> Bool {
        if ownerOnly.contains(action) { return role == .owner }
        if staffOnly.contains(action) { return role != .athlete }
        return true
    }
}
