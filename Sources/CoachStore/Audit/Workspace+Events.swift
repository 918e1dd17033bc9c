import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// Records that the user read an athlete's data for a purpose the audit log must show (an
    /// AI-coach export): one signed entry, after checking the user still holds the athlete.
    ///
    /// - Parameters:
    ///   - action: what was done (`prompt.export`).
    ///   - target: a short, non-secret description (sections, redaction, the export's reference).
    /// - Throws: `StoreError.retiredEpoch` when the athlete's key was rotated since the athlete
    ///   was opened (the user may no longer hold it).
    public func recordEvent(action: String, for athlete: AthleteAccess, target: String) throws {
        try write { db in
            _ = try writingKeyring(db, athlete)
            try appendAudit(
                db, actor: athlete.actor, action: action, athleteId: athlete.id.rawValue,
                target: target)
        }
    }
}
