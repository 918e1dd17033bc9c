import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// Stores whole weeks a suggested plan produced, all or nothing, with one audit entry naming
    /// the action and `target` (the reply's references).
    ///
    /// Same merge as `importPlan` replacing: each week replaces the stored week of its Monday.
    ///
    /// - Throws: `StoreError.permissionDenied` for athlete users; `StoreError.retiredEpoch` when
    ///   the athlete's key was rotated since it was opened.
    public func applyPlan(
        _ weeks: [ProgramWeek], to athlete: AthleteAccess, action: String, target: String
    ) throws -> PlanImportSummary {
        let actor = athlete.actor
        try requirePlanner(actor)
        return try write { db in
            let keyring = try writingKeyring(db, athlete)
            let (changed, summary) = merge(
                weeks, into: try loadWeeks(db, keyring: keyring), dryRun: false)
            for week in changed {
                try storeWeek(db, keyring: keyring, week, actor: actor, action: nil)
            }
            try appendAudit(
                db, actor: actor, action: action, athleteId: athlete.id.rawValue, target: target)
            return summary
        }
    }
}
