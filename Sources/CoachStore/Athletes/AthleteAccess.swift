import CoachKit
import Foundation
import GRDB

/// An athlete resolved and unlocked for one command: the id, the profile, the acting user and
/// the keys that user holds for them.
///
/// Opened once per command (`Workspace.openAthlete`) and then handed to every read and write the
/// command makes, so the grant is verified and the profile decrypted once; the actor of every
/// operation is the user it was opened for. Writes still check, inside their own transaction,
/// that the key epoch is the newest, so a key rotated in between (a revocation) is refused
/// rather than written under. Owns key material, hence a class; it lives for one command.
public final class AthleteAccess {
    /// The athlete's id.
    public let id: AthleteID
    /// The profile as decrypted when the athlete was opened.
    public let profile: AthleteProfile
    /// The user the athlete was opened for: the actor of every operation through this access.
    public let actor: Principal
    let keyring: AthleteKeyring

    init(id: AthleteID, profile: AthleteProfile, actor: Principal, keyring: AthleteKeyring) {
        self.id = id
        self.profile = profile
        self.actor = actor
        self.keyring = keyring
    }

    /// The athlete's handle.
    public var handle: Handle { Handle(profile.handle) }
}

extension AthleteKeyring {
    /// The athlete's id, typed.
    var id: AthleteID { AthleteID(athleteId) }
}

extension Workspace {
    /// The keys of `athlete` for a write in the open transaction: refused when the athlete's key
    /// was rotated since the athlete was opened (a revocation in between), so nothing is written
    /// under a retired key or by a user who no longer holds the newest one.
    ///
    /// - Throws: `StoreError.retiredEpoch` when the newest epoch is not the one opened.
    func writingKeyring(_ db: Database, _ athlete: AthleteAccess) throws -> AthleteKeyring {
        let keyring = athlete.keyring
        let current = try Int.fetchOne(
            db.cachedStatement(sql: EpochsTable.currentOfAthlete),
            arguments: [athlete.id])
        guard current == keyring.currentEpoch else { throw StoreError.retiredEpoch }
        try keyring.storeSelfSeal(db)
        return keyring
    }
}
