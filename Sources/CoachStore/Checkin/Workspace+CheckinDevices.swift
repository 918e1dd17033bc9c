import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// A check-in device row's certificate and revocation, verified against `actor`'s trust
    /// anchor with the checks the server runs (`CheckinDeviceVerifier`).
    ///
    /// - Throws: `StoreError.tampered` naming the device when either does not verify, or when
    ///   the signed audit log records a revocation the row no longer holds.
    func verifyCheckin(_ db: Database, _ row: Row, as actor: Principal) throws
        -> CheckinDeviceVerifier.Verified
    {
        let certificate = CheckinDeviceCertificate(
            deviceId: DeviceID(row["id"]), athleteId: AthleteID(row["athlete_id"]),
            approverId: UserID(row["approver_id"]), signPK: [UInt8](row["sign_pk"] as Data),
            name: row["name"], createdAt: row["created_at"],
            signature: [UInt8](row["signature"] as Data))
        let named = "the revocation of check-in device \(certificate.deviceId)"
        var revocation: DeviceRevocation?
        let revokedBy: String? = row["revoked_by"]
        let revokedAt: Int64? = row["revoked_at"]
        let signature = (row["revocation"] as Data?).map { [UInt8]($0) }
        if revokedBy != nil || revokedAt != nil || signature != nil {
            guard let revokedBy, let revokedAt, let signature else {
                throw StoreError.tampered(named)
            }
            revocation = DeviceRevocation(
                deviceId: certificate.deviceId, revokedBy: UserID(revokedBy),
                revokedAt: revokedAt, signature: signature)
        }
        if revocation == nil,
            try Self.auditTargets(db, "device.revoke").contains(certificate.deviceId.rawValue)
        {
            throw StoreError.tampered(named)
        }
        let verifier = CheckinDeviceVerifier(anchor: actor.anchor, book: actor.certificates)
        return try StoreError.checking {
            try verifier.verify(certificate, revocation: revocation, in: DatabaseRows(db: db))
        }
    }

    /// The check-in device with `id`, verified, or nil when there is none.
    func verifiedCheckinDevice(_ db: Database, _ id: DeviceID, as actor: Principal) throws
        -> CheckinDeviceVerifier.Verified?
    {
        guard
            let row = try Row.fetchOne(
                db, sql: CheckinTables.deviceById, arguments: [id.rawValue])
        else { return nil }
        return try verifyCheckin(db, row, as: actor)
    }

    /// Applies one check-in entry of the server's roster that this replica lacks: a check-in
    /// device (its approver held here), the revocation of one, or an inbox key; whether it
    /// changed the replica. Each is verified as the server verifies it.
    ///
    /// - Throws: `StoreError.tampered` naming the entry that does not verify, or an inbox key
    ///   that differs from the one held for the same athlete epoch.
    func applyCheckinEntry(
        _ db: Database, _ entry: RosterEntry, users: Set<String>, as actor: Principal
    ) throws -> Bool {
        switch entry {
        case .checkinDevice(let d) where users.contains(d.approver.rawValue):
            guard
                try Row.fetchOne(
                    db, sql: CheckinTables.deviceById, arguments: [d.device.rawValue]) == nil
            else { return false }
            try db.execute(
                sql: CheckinTables.insertDevice,
                arguments: [
                    d.device.rawValue, d.athlete.rawValue, d.approver.rawValue,
                    Data(d.signPK.bytes), d.name, d.createdAt, Data(d.signature.bytes),
                ])
            _ = try verifiedCheckinDevice(db, d.device, as: actor)
        case .deviceRevocation(let r):
            try db.execute(
                sql: CheckinTables.revokeDevice,
                arguments: [
                    r.revokedBy.rawValue, r.revokedAt, Data(r.signature.bytes),
                    r.deviceId.rawValue,
                ])
            guard db.changesCount > 0 else { return false }
            _ = try verifiedCheckinDevice(db, r.deviceId, as: actor)
        case .inboxKey(let k):
            return try applyInboxKey(db, k, as: actor)
        default:
            return false
        }
        return true
    }

    /// Every check-in device as roster entries, each verified: its certificate, then its
    /// revocation when it has one (so a revocation made here reaches the server).
    func checkinRosterEntries(_ db: Database, as actor: Principal) throws -> [RosterEntry] {
        var entries: [RosterEntry] = []
        for row in try Row.fetchAll(db, sql: CheckinTables.allDevices) {
            let device = try verifyCheckin(db, row, as: actor)
            entries.append(.checkinDevice(RosterCheckinDevice(device.certificate)))
            if let revocation = device.revocation {
                entries.append(.deviceRevocation(RosterDeviceRevocation(revocation)))
            }
        }
        return entries
    }

    /// What a device listing shows of every check-in device, each verified.
    func checkinSummaries(_ db: Database, as actor: Principal) throws -> [DeviceSummary] {
        try Row.fetchAll(db, sql: CheckinTables.allDevices).map { row in
            try checkinSummary(db, try verifyCheckin(db, row, as: actor))
        }
    }

    /// Revokes the check-in device `id`, signed by `actor`, with an audit entry.
    ///
    /// - Throws: `StoreError.permissionDenied` unless `actor` is the owner, a coach, the
    ///   athlete's own user or its approver; `.conflict` when it is already revoked;
    ///   `.tampered` when it does not verify.
    func revokeCheckinDevice(_ db: Database, _ id: DeviceID, as actor: Principal) throws
        -> DeviceSummary
    {
        guard let device = try verifiedCheckinDevice(db, id, as: actor) else {
            throw StoreError.deviceNotFound(id.rawValue)
        }
        let certificate = device.certificate
        guard
            actor.role != .athlete || actor.athleteId == certificate.athleteId
                || actor.userId == certificate.approverId
        else {
            throw StoreError.permissionDenied(
                "only the owner, a coach, the athlete or its approver revokes a check-in device")
        }
        guard device.revocation == nil else {
            throw StoreError.conflict("device \(id) is already revoked")
        }
        var revocation = DeviceRevocation(
            deviceId: id, revokedBy: actor.userId, revokedAt: nowMilliseconds)
        revocation.sign(
            by: actor.signKeys, workspaceId: actor.anchor.workspaceId, checkin: certificate)
        try db.execute(
            sql: CheckinTables.revokeDevice,
            arguments: [
                actor.userId.rawValue, revocation.revokedAt, Data(revocation.signature),
                id.rawValue,
            ])
        try appendAudit(db, actor: actor, action: "device.revoke", target: id.rawValue)
        guard let revoked = try verifiedCheckinDevice(db, id, as: actor) else {
            throw StoreError.deviceNotFound(id.rawValue)
        }
        return try checkinSummary(db, revoked)
    }

    /// What a listing shows of a verified check-in device: its approver as its user, its
    /// athlete by the handle of the athlete's user when there is one.
    private func checkinSummary(_ db: Database, _ device: CheckinDeviceVerifier.Verified)
        throws -> DeviceSummary
    {
        let revokedBy = try device.revocation.map { revocation in
            Handle(
                try String.fetchOne(
                    db, sql: UsersTable.handleOfId, arguments: [revocation.revokedBy.rawValue])
                    ?? revocation.revokedBy.rawValue)
        }
        let certificate = device.certificate
        // The athlete's own user names it without opening its key; else its id.
        let athlete =
            try String.fetchOne(
                db, sql: "SELECT handle FROM users WHERE athlete_id = ? ORDER BY id LIMIT 1",
                arguments: [certificate.athleteId.rawValue]) ?? certificate.athleteId.rawValue
        return DeviceSummary(
            id: certificate.deviceId, user: Handle(device.approver.handle),
            name: certificate.name, createdAt: Self.isoInstant(certificate.createdAt),
            revoked: device.revocation != nil, revokedBy: revokedBy,
            revokedAt: device.revocation.map { Self.isoInstant($0.revokedAt) },
            thisMachine: false, kind: .web, athlete: athlete)
    }
}
