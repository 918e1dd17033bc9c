import CoachKit
import Foundation

/// An athlete resolved and unlocked for one command: the id, the profile and the keys the acting
/// user holds for them.
///
/// Opened once per command (`Workspace.openAthlete`) and then handed to every read and write the
/// command makes, so the grant is verified and the profile decrypted once. Writes still check,
/// inside their own transaction, that the key epoch is the newest, so a key rotated in between is
/// refused rather than written under. Owns key material, hence a class; it lives for one command.
public final class AthleteAccess {
    /// The athlete's id.
    public let id: AthleteID
    /// The profile as decrypted when the athlete was opened.
    public let profile: AthleteProfile
    let keyring: AthleteKeyring

    init(id: AthleteID, profile: AthleteProfile, keyring: AthleteKeyring) {
        self.id = id
        self.profile = profile
        self.keyring = keyring
    }

    /// The athlete's handle.
    public var handle: Handle { Handle(profile.handle) }
}
