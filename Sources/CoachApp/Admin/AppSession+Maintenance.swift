import CoachKit
import CoachStore
import Foundation

extension AppSession {
    /// Audit entries, newest last, for every athlete or one.
    public func auditEntries(athlete handle: Handle?) throws -> [AuditEntry] {
        try workspace.auditEntries(athleteId: try handle.map { try athlete($0).id }, as: principal)
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
