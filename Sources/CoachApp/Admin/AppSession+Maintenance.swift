import CoachKit
import CoachStore
import Foundation

extension AppSession {
    /// Audit entries, newest last, for every athlete or one.
    public func auditEntries(athlete handle: Handle?) throws -> [AuditEntry] {
        try workspace.auditEntries(athleteId: try handle.map { try athlete($0).id }, as: principal)
    }

    /// The audit chain and signatures, then each entry against its actor's certified role,
    /// then the membership rows (certificates, key histories, every grant); in a synced
    /// workspace, then each held change's signature and device and the held log head, and,
    /// with a kept session, each stream head's inclusion in the server's log
    /// (`verifySyncedAudit`; without one the log is reported not checked).
    ///
    /// The owner first countersigns the log when other users wrote since her last entry (an
    /// owner checkpoint).
    ///
    /// - Throws: `StoreError.tampered` when the log verifies but a membership row or a held
    ///   change does not; `LogFailure` for a held log head that does not, a served head
    ///   that rolls back or forks it, or a stream head the served log does not include.
    public func verifyAudit() throws -> AuditVerification {
        try workspace.countersignAudit(as: principal)
        let chain = try workspace.verifyAudit()
        guard chain.ok else { return chain }
        if let bad = try workspace.auditRoleViolation(as: principal) {
            return AuditVerification(
                entries: chain.entries, ok: false, failedSeq: bad.seq,
                reason: "its actor's certified role does not allow \(bad.action)",
                checkpoint: chain.checkpoint, afterCheckpoint: chain.afterCheckpoint)
        }
        _ = try workspace.verifyMembership(as: principal)
        var result = chain
        result.sync = try verifySyncedAudit()
        return result
    }

    /// The workspace checks plus, for what this user can open, the snapshot comparison; a
    /// repair also finishes a write-ahead-log checkpoint that an earlier command could not.
    public func doctor(repair: Bool) throws -> [DoctorCheck] {
        if repair { try workspace.finishCheckpoint() }
        var checks = try workspace.doctor(as: principal)
        checks.append(try workspace.checkSnapshots(as: principal, repair: repair))
        return checks
    }
}
