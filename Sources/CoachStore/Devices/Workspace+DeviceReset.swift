import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Revokes, as the owner, every device of `userId`, before a passphrase reset replaces the
    /// user's keys: the device keys were certified by the old key, so once it goes only the
    /// owner's revocation (which signs every field of the certificate) vouches for them.
    ///
    /// Each certificate is verified under the old key first, so a forged one is not laundered.
    /// A device the user had revoked keeps its time but is now revoked by the owner; one the
    /// owner had revoked is left alone. The next unlock after enrolment makes a new device.
    ///
    /// - Throws: `StoreError.tampered` when a device row does not verify.
    func revokeDevicesForReset(_ db: Database, of userId: String, as owner: Principal) throws {
        for row in try Row.fetchAll(db, sql: DevicesTable.ofUser, arguments: [userId]) {
            let device = try verify(db, row, as: owner)
            if device.revocation?.revokedBy == owner.userId { continue }
            var revocation = DeviceRevocation(
                deviceId: device.certificate.deviceId, revokedBy: owner.userId,
                revokedAt: device.revocation?.revokedAt ?? nowMilliseconds)
            revocation.sign(
                by: owner.signKeys, workspaceId: owner.anchor.workspaceId,
                certificate: device.certificate)
            try db.execute(
                sql: DevicesTable.setRevocation,
                arguments: [
                    owner.userId.rawValue, revocation.revokedAt, Data(revocation.signature),
                    device.certificate.deviceId.rawValue,
                ])
            if device.revocation == nil {
                try appendAudit(
                    db, actor: owner, action: "device.revoke",
                    target: device.certificate.deviceId.rawValue)
            }
        }
    }
}
