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
    /// - Throws: `StoreError` when the athlete is not granted to the user or the grant was
    ///   tampered with.
    public func recordEvent(
        action: String, athleteId: AthleteID, target: String, as actor: Principal
    ) throws {
        try write { db in
            _ = try AthleteKeyring.open(db, athleteId: athleteId.rawValue, principal: actor)
            try appendAudit(
                db, actor: actor, action: action, athleteId: athleteId.rawValue, target: target)
        }
    }
}
