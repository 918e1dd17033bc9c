import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// Stores whole weeks a suggested plan produced, all or nothing, with one audit entry naming
    /// the action and `target` (the reply's references).
    ///
    /// Same merge as `importPlan` replacing: each week replaces the stored week of its Monday.
    ///
    /// - Throws: `StoreError.permissionDenied` for athlete users; `StoreError` for a revoked or
    ///   tampered grant.
    public func applyPlan(
        _ weeks: [ProgramWeek], athleteId: AthleteID, action: String, target: String,
        as actor: Principal
    ) throws -> PlanImportSummary {
        try requirePlanner(actor)
        return try write { db in
            let keyring = try AthleteKeyring.open(
                db, athleteId: athleteId.rawValue, principal: actor)
            let (changed, summary) = merge(
                weeks, into: try loadWeeks(db, keyring: keyring), dryRun: false)
            for week in changed {
                try storeWeek(db, keyring: keyring, week, actor: actor, action: nil)
            }
            try appendAudit(
                db, actor: actor, action: action, athleteId: athleteId.rawValue, target: target)
            return summary
        }
    }
}
