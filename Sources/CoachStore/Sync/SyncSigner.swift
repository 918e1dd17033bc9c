import CoachCrypto
import CoachKit

/// This machine's device of the signed-in user, opened for one command: what signs the change
/// envelope of each record write in a workspace that syncs.
struct SyncSigner: Sendable {
    /// The device's id.
    let device: DeviceID
    /// The device's user, the author of every change it signs.
    let userId: UserID
    /// The device's Ed25519 key pair.
    let keys: SigningKeyPair
}
