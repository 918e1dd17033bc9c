import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Every device of the workspace as roster entries, each verified against `actor`'s trust
    /// anchor: its certificate, followed by its revocation when it has one.
    ///
    /// Sync compares them with the server's roster and pushes what the server lacks, so a
    /// device made, or revoked, after the workspace was published reaches the server.
    /// - Throws: `StoreError.tampered` naming a device whose certificate or revocation does not
    ///   verify.
    public func rosterDeviceEntries(as actor: Principal) throws -> [RosterEntry] {
        try read { db in
            var entries: [RosterEntry] = []
            for row in try Row.fetchAll(db, sql: DevicesTable.all) {
                let device = try verify(db, row, as: actor)
                entries.append(.device(RosterDevice(device.certificate)))
                if let revocation = device.revocation {
                    entries.append(.deviceRevocation(RosterDeviceRevocation(revocation)))
                }
            }
            return entries + (try checkinRosterEntries(db, as: actor))
        }
    }

    /// Brings the device certificates and revocations of the server's roster that this
    /// replica lacks (devices of users it holds), and its check-in devices, their revocations
    /// and inbox keys (`applyCheckinEntry`), in one transaction, each verified against
    /// `actor`'s trust anchor, so that changes signed on another machine can be checked here.
    ///
    /// - Returns: how many entries changed the replica.
    /// - Throws: `StoreError.tampered` naming a device whose certificate or revocation does not
    ///   verify; nothing is applied then.
    @discardableResult
    public func applyRosterDevices(_ entries: [RosterEntry], as actor: Principal) throws -> Int {
        try write { db in
            var applied = 0
            let users = Set(try String.fetchAll(db, sql: UsersTable.ids))
            for entry in entries {
                switch entry {
                case .device(let d) where users.contains(d.userId.rawValue):
                    guard
                        try Row.fetchOne(
                            db, sql: DevicesTable.byId, arguments: [d.deviceId.rawValue])
                            == nil
                    else { continue }
                    try db.execute(
                        sql: DevicesTable.insert,
                        arguments: [
                            d.deviceId.rawValue, d.userId.rawValue, Data(d.signPK.bytes),
                            d.createdAt, d.name, Data(d.signature.bytes),
                        ])
                    _ = try verifiedDevice(db, d.deviceId, as: actor)
                case .deviceRevocation(let r):
                    try db.execute(
                        sql: DevicesTable.revoke,
                        arguments: [
                            r.revokedBy.rawValue, r.revokedAt, Data(r.signature.bytes),
                            r.deviceId.rawValue,
                        ])
                    guard db.changesCount > 0 else {
                        if try applyCheckinEntry(db, entry, users: users, as: actor) {
                            applied += 1
                        }
                        continue
                    }
                    _ = try verifiedDevice(db, r.deviceId, as: actor)
                default:
                    guard try applyCheckinEntry(db, entry, users: users, as: actor) else {
                        continue
                    }
                }
                applied += 1
            }
            return applied
        }
    }
}
