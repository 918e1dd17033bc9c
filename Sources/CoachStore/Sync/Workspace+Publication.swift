import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// What publishing the workspace sends a server: the owner's signed registration (the
    /// trust anchor it will check every certificate against) and the roster from its start —
    /// users with their sealed key rows (each creator before the users it made), athletes,
    /// epochs, grants, devices and their revocations — every entry with the signature its row
    /// already holds.
    ///
    /// Plugin rows go as their records (`RosterPluginRecord`), each signed by the owner.
    /// - Throws: `StoreError.permissionDenied` unless `actor` is the owner.
    public func publication(as actor: Principal) throws -> RegistrationRequest {
        guard actor.role == .owner else {
            throw StoreError.permissionDenied("only the owner publishes the workspace")
        }
        return try read { db in
            var registration = WorkspaceRegistration(
                workspaceId: try workspaceId(db), ownerUserId: actor.userId,
                ownerSignPK: actor.signKeys.publicKey, createdAt: nowMilliseconds)
            registration.sign(by: actor.signKeys)
            let rows = DatabaseRows(db: db)
            var roster = try userEntries(db, rows)
            for athlete in try rows.athleteIds() {
                guard
                    let tag = try Data.fetchOne(
                        db, sql: "SELECT handle_tag FROM athletes WHERE id = ?",
                        arguments: [athlete])
                else { continue }
                roster.append(
                    .athlete(RosterAthlete(athleteId: AthleteID(athlete), handleTag: [UInt8](tag))))
                for epoch in try rows.epochs(ofAthlete: athlete) {
                    roster.append(.epoch(RosterEpoch(athleteId: AthleteID(athlete), row: epoch)))
                    for grant in try rows.grants(ofAthlete: athlete, epoch: epoch.epoch) {
                        roster.append(
                            .grant(
                                RosterGrant(
                                    athleteId: AthleteID(athlete), epoch: epoch.epoch, row: grant)))
                    }
                }
            }
            for row in try Row.fetchAll(db, sql: DevicesTable.all) {
                let device = try verify(db, row, as: actor)
                roster.append(.device(RosterDevice(device.certificate)))
                if let revocation = device.revocation {
                    roster.append(.deviceRevocation(RosterDeviceRevocation(revocation)))
                }
            }
            roster += try pluginChanges(
                db, on: RosterIndex(), as: actor, workspaceId: registration.workspaceId)
            // The inbox key of each athlete's newest epoch, for phones to seal check-ins to.
            roster += try missingInboxKeys(db, besides: [], as: actor)
            return RegistrationRequest(registration: registration, roster: roster)
        }
    }

    /// Every user's entry, each after the user whose key signed their certificate.
    func userEntries(_ db: Database, _ rows: DatabaseRows) throws -> [RosterEntry] {
        var pending = try rows.userIds().sorted()
        var done: Set<String> = []
        var entries: [RosterEntry] = []
        while !pending.isEmpty {
            let before = pending.count
            pending = try pending.filter { id in
                guard let cert = try rows.certificate(ofUser: id),
                    cert.signerId == id || done.contains(cert.signerId),
                    let row = try Row.fetchOne(
                        db, sql: "SELECT * FROM users WHERE id = ?", arguments: [id])
                else { return true }
                entries.append(
                    .user(RosterUser(certificate: cert, sealedKeys: Self.sealedKeys(row))))
                done.insert(id)
                return false
            }
            guard pending.count < before else {
                throw StoreError.tampered("the certificates of the users \(pending)")
            }
        }
        return entries
    }

    /// A user row's sealed keys as one opaque value: the KDF's parameters and salt, the
    /// secret keys sealed under the passphrase, the sealed index key.
    static func sealedKeys(_ row: Row) -> [UInt8] {
        AssociatedData("coach/1/sealed-user-keys").with(
            row["kdf_alg"] as String, row["kdf_ops"] as Int64, row["kdf_mem"] as Int64,
            [UInt8](row["kdf_salt"] as Data), [UInt8](row["key_nonce"] as Data),
            [UInt8](row["key_ciphertext"] as Data), [UInt8](row["index_key_sealed"] as Data)
        ).bytes
    }
}
