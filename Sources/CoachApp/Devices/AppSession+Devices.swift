import CoachKit
import CoachLocal
import CoachStore

extension AppSession {
    /// This machine's device for the signed-in user: the one whose key this machine keeps,
    /// else a new one, certified by the user and its key kept in the XDG state folder.
    ///
    /// - Returns: the device's id.
    /// - Throws: `StoreError.unsafePath` when the device file is unsafe or cannot be written;
    ///   `.tampered` when a device certificate does not verify.
    @discardableResult
    public func ensureDevice() throws -> DeviceID {
        let keys = environment.deviceKeys(for: workspace.path)
        let user = principal.userId.rawValue
        let kept = try StoreError.local { try keys.load(userId: user) }
        let enrolment = try workspace.ensureDevice(
            sealedKey: kept, name: environment.deviceName, as: principal)
        if let sealed = enrolment.sealedKey {
            try StoreError.local { try keys.save(sealed, userId: user) }
        }
        return enrolment.device
    }

    /// Every device of the workspace, oldest first, this machine's marked (and made first
    /// when it has none yet).
    ///
    /// - Throws: `StoreError.tampered` when a certificate or revocation does not verify.
    public func devices() throws -> [DeviceSummary] {
        let mine = try ensureDevice()
        return try workspace.devices(thisDevice: mine, as: principal)
    }

    /// Revokes the device whose id starts with `prefix`; the owner revokes any, a user their
    /// own.
    ///
    /// - Throws: `StoreError.deviceNotFound`, `.permissionDenied`, `.conflict` (already
    ///   revoked) or `.tampered`.
    public func revokeDevice(_ prefix: String) throws -> DeviceSummary {
        try workspace.revokeDevice(prefix, as: principal)
    }
}
