import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

/// A holder of an athlete's current key, as `coach access list` shows it.
public struct AccessEntry: Codable, Sendable, Equatable {
    public let athlete: String
    public let user: String
    public let role: Role
    public let epoch: Int
    /// The handle of the user who created this one (the owner created themselves).
    public let createdBy: String
}

extension Workspace {
    /// Seals `key` of `epoch` to a user and stores the signed grant.
    func sealGrant(
        _ db: Database, athleteId: String, epoch: Int, key: SecretKey, toUser userId: String,
        toBoxPK pk: [UInt8], by actor: Principal
    ) throws {
        var plain = KeyCommitment.grantPlaintext(
            athleteId: athleteId, epoch: epoch, userId: userId, key: key)
        defer { Sodium.wipe(&plain) }
        let sealed = try SealedBox.seal(plain, to: pk)
        let commitment = KeyCommitment.commitment(key, athleteId: athleteId, epoch: epoch)
        let signature = actor.signKeys.sign(
            GrantStatement.message(
                athleteId: athleteId, epoch: epoch, userId: userId, sealed: sealed,
                commitment: commitment))
        try db.execute(
            sql: GrantsTable.insert,
            arguments: [
                athleteId, epoch, userId, Data(sealed), actor.userId.rawValue, Data(signature),
            ])
    }

    /// Grants the keyring's newest epoch to a user.
    func insertGrant(
        _ db: Database, keyring: AthleteKeyring, toUser userId: String, toBoxPK pk: [UInt8],
        by actor: Principal
    ) throws {
        try sealGrant(
            db, athleteId: keyring.athleteId, epoch: keyring.currentEpoch,
            key: keyring.currentDataKey,
            toUser: userId, toBoxPK: pk, by: actor)
    }

    func requireStaffHolder(_ actor: Principal) throws {
        guard actor.isStaff else {
            throw StoreError.permissionDenied("only coaches and the owner manage access")
        }
    }

    /// Gives `userHandle` access to the athlete (all history, through the key chain), sealing
    /// the newest key of the access.
    ///
    /// - Throws: `StoreError.retiredEpoch` when the athlete's key was rotated since it was opened.
    public func grantAccess(_ athlete: AthleteAccess, to userHandle: Handle) throws {
        let actor = athlete.actor, athleteId = athlete.id, userHandle = userHandle.rawValue
        try requireStaffHolder(actor)
        try write { db in
            let keyring = try writingKeyring(db, athlete)
            guard let row = try UserRow.fetch(db, handle: userHandle) else {
                throw StoreError.userNotFound(userHandle)
            }
            // Role, athlete, status and public key only as the owner certified them.
            let user = try actor.certificate(db, row.id)
            guard !user.disabled else { throw StoreError.userDisabled(userHandle) }
            if user.role == .athlete && user.athleteId != athleteId.rawValue {
                throw StoreError.permissionDenied("an athlete user can only hold their own athlete")
            }
            try insertGrant(
                db, keyring: keyring, toUser: user.userId, toBoxPK: user.boxPK, by: actor)
            try appendAudit(
                db, actor: actor, action: "access.grant", athleteId: athleteId.rawValue,
                target: user.userId)
        }
    }

    /// Revokes `userHandle`: a new epoch key goes to everyone else, the user's grants and
    /// (if they hold nothing else) sessions are deleted, all in one transaction.
    ///
    /// - Throws: `StoreError.retiredEpoch` when the athlete's key was rotated since it was opened.
    public func revokeAccess(_ athlete: AthleteAccess, from userHandle: Handle) throws {
        let actor = athlete.actor, userHandle = userHandle.rawValue
        try requireStaffHolder(actor)
        try write { db in
            let keyring = try writingKeyring(db, athlete)
            guard let user = try UserRow.fetch(db, handle: userHandle) else {
                throw StoreError.userNotFound(userHandle)
            }
            guard try actor.certificate(db, user.id).role != .owner else {
                throw StoreError.invalidInput("the owner always holds every athlete")
            }
            guard try revoke(db, keyring: keyring, userId: UserID(user.id), as: actor) else {
                throw StoreError.invalidInput("'\(userHandle)' holds no access to this athlete")
            }
        }
    }

    /// Revokes `userId` from every athlete they hold a current grant of (the actor must hold
    /// each), rotating each athlete's key, inside the caller's transaction.
    func revokeEverywhere(_ db: Database, userId: UserID, as actor: Principal) throws {
        let held = try String.fetchAll(
            db, sql: GrantsTable.athleteIdsOfUser,
            arguments: [userId])
        for athleteId in held {
            try requireRevoker(actor)
            let keyring = try AthleteKeyring.open(db, athleteId: athleteId, principal: actor)
            _ = try revoke(db, keyring: keyring, userId: userId, as: actor)
        }
        try db.execute(sql: GrantsTable.deleteOfUser, arguments: [userId])
    }

    /// Rotates the athlete's key (opened as `keyring`, of the newest epoch) away from `userId`:
    /// a new epoch goes to every other certified, active holder of a verified grant, and every
    /// grant of older epochs is deleted; false when `userId` holds no grant of the newest epoch.
    ///
    /// The recipients come only from the verified key history and grants (`VerifiedAccess`),
    /// never from the grant rows as stored.
    ///
    /// - Throws: `StoreError.tampered` when any grant of the newest epoch does not verify (a
    ///   planted row), the owner holds none, or the history differs from the keyring's epoch.
    func revoke(_ db: Database, keyring: AthleteKeyring, userId: UserID, as actor: Principal)
        throws -> Bool
    {
        try requireRevoker(actor)
        let athleteId = keyring.athleteId
        let access = try verifiedAccess(db, keyring: keyring, as: actor)
        guard access.holds(userId.rawValue) else { return false }
        // The rotation re-signs the athlete's record head at the new epoch.
        try noteRecordsChanged(db, athleteId: athleteId, actor: actor)
        let holders = access.recipients(excluding: userId.rawValue)
        let next = keyring.currentEpoch + 1
        let newKey = try SecretKey.random(using: random)
        let wrapKey = try Hashing.deriveSubkey(id: 2, context: "epochwrp", from: newKey)
        let wrapped = try AEAD.seal(
            keyring.currentDataKey.exportBytes(),
            ad: KeyCommitment.wrapAD(athleteId: athleteId, epoch: next), key: wrapKey,
            random: random)
        let commitment = KeyCommitment.commitment(newKey, athleteId: athleteId, epoch: next)
        try db.execute(
            sql: EpochsTable.insert,
            arguments: [
                athleteId, next, Data(commitment), Data(wrapped.nonce), Data(wrapped.ciphertext),
            ])
        try EpochCertificate.certify(db, athleteId: athleteId, epoch: next, by: actor)
        // The revoker remembers the epoch she made, so a later rollback or substitution of it
        // is tampering to her even before she reads the athlete again.
        try UserState.update(db, of: actor) {
            $0.note([(athleteId, UserState.EpochMark(epoch: next, commitment: commitment))])
        }
        for h in holders {
            try sealGrant(
                db, athleteId: athleteId, epoch: next, key: newKey, toUser: h.userId,
                toBoxPK: h.boxPK, by: actor)
        }
        // Older epochs' grants go too: the newest key reaches all history through the chain,
        // and a grant left at an older epoch would only be something to roll back to.
        try db.execute(
            sql: GrantsTable.deleteBeforeEpochOrOfUser,
            arguments: [athleteId, next, userId])
        if try Int.fetchOne(
            db, sql: GrantsTable.countOfUser, arguments: [userId]) == 0
        {
            try db.execute(sql: SessionsTable.deleteOfUser, arguments: [userId])
        }
        try appendAudit(
            db, actor: actor, action: "access.revoke", athleteId: athleteId,
            target: userId.rawValue)
        return true
    }

    /// Refuses anyone but the owner: a rotation is signed by the owner, so nobody else can pass
    /// off a key of their own as an athlete's newest (see MembershipVerifier).
    func requireRevoker(_ actor: Principal) throws {
        guard actor.role == .owner else {
            throw StoreError.permissionDenied("only the owner revokes access")
        }
    }

    /// Holders of the newest key of each athlete the actor holds, or of the one athlete opened
    /// (whose profile is not decrypted again).
    ///
    /// Each athlete's holders are those whose grant verifies (`VerifiedAccess`), named by
    /// their certificates; a grant row that does not verify is tampering, never listed.
    ///
    /// - Throws: `StoreError.tampered` when a grant, key history or certificate fails to
    ///   verify, or the owner holds no grant of an athlete.
    public func listAccess(of athlete: AthleteAccess?, as actor: Principal) throws
        -> [AccessEntry]
    {
        let athletes =
            try athlete.map { [AthleteSummary(id: $0.id, profile: $0.profile)] }
            ?? listAthletes(as: actor)
        return try read { db in
            try athletes.flatMap { a in
                let access = try verifiedAccess(
                    db, athleteId: a.id.rawValue, handle: a.profile.handle, as: actor)
                return try access.holders.map { cert in
                    AccessEntry(
                        athlete: a.profile.handle, user: cert.handle, role: cert.role,
                        epoch: access.epoch.epoch,
                        createdBy: try actor.certificate(db, cert.createdBy).handle)
                }
            }
        }
    }

    /// Re-encrypts every record of older epochs under the newest one, then checkpoints and
    /// vacuums so old ciphertext does not linger in free pages or the WAL.
    ///
    /// - Returns: how many records were re-encrypted.
    /// - Throws: `StoreError.retiredEpoch` when the athlete's key was rotated since it was opened.
    @discardableResult
    public func rekey(_ athlete: AthleteAccess) throws -> Int {
        let actor = athlete.actor, athleteId = athlete.id.rawValue
        try requireStaffHolder(actor)
        let count = try write { db -> Int in
            let keyring = try writingKeyring(db, athlete)
            try noteRecordsChanged(db, athleteId: athleteId, actor: actor)
            let num = try athleteNum(db, athleteId: athlete.id)
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM records WHERE athlete_num = ? AND epoch < ?",
                arguments: [num, keyring.currentEpoch])
            let key = try keyring.recordKey(epoch: keyring.currentEpoch, db)
            for row in rows {
                let rec = try RecordCodec.open(row: row, athleteId: athleteId, keyring: keyring, db)
                let version = rec.version + 1
                let sealed = try RecordCodec.seal(
                    rec.payload, athleteId: athleteId, id: rec.id, kind: rec.kind, day: rec.day,
                    epoch: keyring.currentEpoch, version: version, key: key, random: random)
                try db.execute(
                    sql: """
                        UPDATE records SET epoch = ?, version = ?, nonce = ?, ciphertext = ?
                        WHERE athlete_num = ? AND id = ?
                        """,
                    arguments: [
                        keyring.currentEpoch, version, Data(sealed.nonce), Data(sealed.ciphertext),
                        num, RecordIdColumn.value(rec.id),
                    ])
                try noteRowChange(
                    db,
                    RowChange(
                        athleteId: athleteId, object: rec.id, kind: rec.kind.rawValue,
                        day: rec.day, epoch: keyring.currentEpoch, version: version,
                        body: sealed.nonce + sealed.ciphertext),
                    author: actor.userId)
            }
            if try openManifest(db, keyring: keyring) != nil {
                try rebuildSnapshot(db, keyring: keyring)
            }
            try appendAudit(
                db, actor: actor, action: "access.rekey", athleteId: athleteId, target: athleteId)
            return rows.count
        }
        let done = "the athlete's records were re-encrypted"
        try checkpoint(after: done)
        _ = try? pool.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
        try checkpoint(after: done)
        return count
    }

    /// The ids of the athletes the actor holds a grant of the newest epoch for (the owner:
    /// every athlete), without opening any key or decrypting any profile (for a front end that
    /// names athletes by a reference derived from the id, and then opens the one it needs).
    ///
    /// A grant that was tampered with is not detected here but by opening the athlete.
    public func heldAthleteIds(as actor: Principal) throws -> [AthleteID] {
        try read { db in
            guard actor.role != .owner else {
                return try heldIds(db, as: actor).sorted().map(AthleteID.init)
            }
            return try AthleteID.fetchAll(
                db,
                sql: GrantsTable.currentAthleteIdsOfUser, arguments: [actor.userId])
        }
    }
}
