import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Verifies the public membership rows under `actor`'s trust anchor: every certificate,
    /// every athlete's key history, every grant of every epoch, the owner's grant of each
    /// athlete's newest epoch, and (for the owner) that no athlete she remembers lost its row
    /// while its keys stayed behind.
    ///
    /// - Returns: how many users and athletes were checked.
    /// - Throws: `StoreError.tampered` naming the first thing that fails.
    public func verifyMembership(as actor: Principal) throws -> PublicVerification {
        try read { db in
            let counts = try actor.verifier.verifyAll(db)
            let listed = Set(try DatabaseRows(db: db).athleteIds())
            if let lost = try heldIds(db, as: actor).first(where: { !listed.contains($0) }) {
                throw StoreError.tampered(
                    "the athlete list (athlete \(lost) removed, its keys left)")
            }
            return PublicVerification(users: counts.users, athletes: counts.athletes)
        }
    }

    /// The `grants` line of `coach doctor` (see `verifyMembership`).
    func grantsCheck(as actor: Principal) throws -> DoctorCheck {
        do {
            let counts = try verifyMembership(as: actor)
            return DoctorCheck(
                name: "grants", ok: true,
                detail: "\(counts.athletes) athletes: key histories and every grant verify, "
                    + "and the owner holds each")
        } catch StoreError.tampered(let what, _) {
            return DoctorCheck(
                name: "grants", ok: false, detail: "integrity check failed for \(what)",
                remedy: .restoreBackup)
        }
    }
}
