import CoachKit
import CoachStore

extension AppSession {
    /// Opens this machine's device key of the user when the workspace syncs, so that record
    /// writes sign their changes; nothing otherwise.
    ///
    /// A machine without a device of the user gets one, certified by the user.
    /// - Throws: `SyncFailure.deviceNotOpen` when the kept key does not open;
    ///   `StoreError.tampered` when a device certificate does not verify.
    func openSyncDevice() throws {
        guard try workspace.isSynced() else { return }
        try ensureDevice()
        let keys = environment.deviceKeys(for: workspace.path)
        let user = principal.userId.rawValue
        guard let sealed = try StoreError.local({ try keys.load(userId: user) }) else {
            throw SyncFailure.deviceNotOpen
        }
        try workspace.useDevice(sealedKey: sealed, as: principal)
        try openRosterGate()
    }
}
