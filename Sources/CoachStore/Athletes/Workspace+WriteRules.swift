import CoachKit
import CoachTrust
import Foundation

extension Workspace {
    /// Refuses a profile `actor`'s role may not store: a coach changing AI consent (a new
    /// athlete's included, where `old` is nil and consent starts off).
    ///
    /// - Throws: `StoreError.permissionDenied`.
    static func checkProfileChange(
        from old: AthleteProfile?, to new: AthleteProfile, by actor: Principal
    ) throws {
        if new.aiConsent != (old?.aiConsent ?? false) && !WriteRules.mayChangeAIConsent(actor.role)
        {
            throw StoreError.permissionDenied(
                "only the athlete or the workspace owner can change AI consent")
        }
    }

    /// Refuses a dataset entry `actor`'s role may not add or change: a planned week written by
    /// an athlete user.
    ///
    /// - Throws: `StoreError.planChangeDenied`.
    static func checkRecordChange(kind: RecordKind, by actor: Principal) throws {
        if kind == .week && !WriteRules.mayPlan(actor.role) { throw StoreError.planChangeDenied }
    }
}
