import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// This machine's device for `actor`: the one whose sealed key the machine keeps, when it
    /// opens and is certified and active here, else a new device key, its certificate signed by
    /// `actor` and stored with an audit entry.
    ///
    /// - Parameters:
    ///   - sealedKey: what this machine keeps for the user, if anything (`DeviceEnrolment`).
    ///   - name: a name to recognise the machine by.
    ///   - actor: the signed-in user.
    /// - Returns: the device, with the sealed key to keep when it is new.
    /// - Throws: `StoreError.tampered` when a device certificate does not verify.
    public func ensureDevice(sealedKey: [UInt8]?, name: String, as actor: Principal) throws
        -> DeviceEnrolment
    {
        if let sealedKey, let kept = try? openDeviceKey(sealedKey, as: actor),
            let device = try read({ db in try verifiedDevice(db, kept.id, as: actor) }),
            device.isActive, device.certificate.signPK == kept.keys.publicKey,
            device.certificate.userId == actor.userId
        {
            return DeviceEnrolment(device: kept.id, sealedKey: nil)
        }
        let keys = try SigningKeyPair.generate(random: random)
        let id = DeviceID(ids.next())
        var certificate = DeviceCertificate(
            deviceId: id, userId: actor.userId, signPK: keys.publicKey,
            createdAt: nowMilliseconds, name: name)
        certificate.sign(by: actor.signKeys, workspaceId: actor.anchor.workspaceId)
        try write { db in
            try db.execute(
                sql: DevicesTable.insert,
                arguments: [
                    id.rawValue, actor.userId.rawValue, Data(keys.publicKey),
                    certificate.createdAt, name, Data(certificate.signature),
                ])
            try appendAudit(db, actor: actor, action: "device.add", target: id.rawValue)
        }
        return DeviceEnrolment(device: id, sealedKey: try sealDeviceKey(id, keys, as: actor))
    }

    /// Every device of the workspace, oldest first, each verified.
    ///
    /// - Parameter thisDevice: the device of this machine, marked in the answer.
    /// - Throws: `StoreError.tampered` when a certificate or revocation does not verify, or
    ///   one the signed audit log records is missing.
    public func devices(thisDevice: DeviceID?, as actor: Principal) throws -> [DeviceSummary] {
        try read { db in
            let stored = Set(try String.fetchAll(db, sql: DevicesTable.ids))
            if let gone = try Self.auditTargets(db, "device.add").subtracting(stored).min() {
                // The signed audit log says it was added: its certificate was removed.
                throw StoreError.tampered("the device certificate of device \(gone)")
            }
            let machines = try Row.fetchAll(db, sql: DevicesTable.all).map { row in
                let device = try verify(db, row, as: actor)
                return try summary(db, device, thisDevice: thisDevice)
            }
            return machines + (try checkinSummaries(db, as: actor))
        }
    }

    /// Revokes a device, named by its id or a unique prefix of it, with an audit entry; the
    /// revocation is signed by `actor`.
    ///
    /// - Throws: `StoreError.deviceNotFound` when no device (or more than one) matches;
    ///   `.permissionDenied` unless `actor` is the owner or the device's user; `.conflict`
    ///   when it is already revoked; `.tampered` when its certificate does not verify.
    public func revokeDevice(_ prefix: String, as actor: Principal) throws -> DeviceSummary {
        try write { db in
            let all = try String.fetchAll(db, sql: DevicesTable.ids)
            let web = try String.fetchAll(db, sql: CheckinTables.deviceIds)
            let ids = (all + web).filter { $0.hasPrefix(prefix.lowercased()) }
            guard !prefix.isEmpty, ids.count == 1, let id = ids.first.map(DeviceID.init) else {
                throw StoreError.deviceNotFound(prefix)
            }
            if web.contains(id.rawValue) { return try revokeCheckinDevice(db, id, as: actor) }
            guard let device = try verifiedDevice(db, id, as: actor) else {
                throw StoreError.deviceNotFound(prefix)
            }
            guard actor.role == .owner || device.certificate.userId == actor.userId else {
                throw StoreError.permissionDenied(
                    "only the owner or the device's own user revokes a device")
            }
            guard device.revocation == nil else {
                throw StoreError.conflict("device \(id) is already revoked")
            }
            var revocation = DeviceRevocation(
                deviceId: id, revokedBy: actor.userId, revokedAt: nowMilliseconds)
            revocation.sign(
                by: actor.signKeys, workspaceId: actor.anchor.workspaceId,
                certificate: device.certificate)
            try db.execute(
                sql: DevicesTable.revoke,
                arguments: [
                    actor.userId.rawValue, revocation.revokedAt, Data(revocation.signature),
                    id.rawValue,
                ])
            try appendAudit(db, actor: actor, action: "device.revoke", target: id.rawValue)
            let revoked = try verifiedDevice(db, id, as: actor)
            return try summary(db, try revoked.unwrapped(id), thisDevice: nil)
        }
    }

    /// Unix milliseconds now, from the injected clock.
    var nowMilliseconds: Int64 { Int64((clock.now().timeIntervalSince1970 * 1000).rounded()) }
}

extension Optional where Wrapped == DeviceVerifier.Verified {
    /// The device, or `deviceNotFound` naming `id`.
    fileprivate func unwrapped(_ id: DeviceID) throws -> DeviceVerifier.Verified {
        guard let self else { throw StoreError.deviceNotFound(id.rawValue) }
        return self
    }
}
