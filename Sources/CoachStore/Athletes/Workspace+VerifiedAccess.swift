import CoachCrypto
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Who verifiably holds the keyring's athlete at its newest epoch, checked in full against
    /// `actor`'s trust anchor.
    ///
    /// - Throws: `StoreError.tampered` when a grant does not verify, the owner holds none, or
    ///   the verified newest epoch is not the keyring's (another key, or an older one).
    func verifiedAccess(_ db: Database, keyring: AthleteKeyring, as actor: Principal) throws
        -> VerifiedAccess
    {
        let access = try verifiedAccess(
            db, athleteId: keyring.athleteId, handle: keyring.label, as: actor)
        guard access.epoch.epoch == keyring.currentEpoch,
            KeyCommitment.matches(
                keyring.currentDataKey, athleteId: keyring.athleteId,
                epoch: keyring.currentEpoch, commitment: access.epoch.commitment)
        else { throw StoreError.tampered("the key history of this athlete") }
        return access
    }

    /// Who verifiably holds the athlete at its newest epoch; a failure names the athlete by
    /// `handle`, else by the actor's own sealed label of it, else by id.
    ///
    /// - Throws: `StoreError.grantTampered` when a grant does not verify or the owner holds
    ///   none; `StoreError.tampered` when the key history does not verify.
    func verifiedAccess(
        _ db: Database, athleteId: String, handle: String?, as actor: Principal
    ) throws -> VerifiedAccess {
        do {
            return try actor.verifier.access(in: DatabaseRows(db: db), athleteId: athleteId)
        } catch let failure as TrustError where failure.isGrant {
            let label = try? AthleteKeyring.label(db, athleteId: athleteId, principal: actor)
            throw StoreError.grantTampered(athlete: handle ?? label ?? athleteId)
        } catch let failure as TrustError {
            throw StoreError(failure)
        }
    }
}
