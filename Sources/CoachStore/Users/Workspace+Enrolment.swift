import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Adds a user who chooses their own passphrase: their first keys are sealed under a
    /// one-time code, which they redeem with `enrol`; same rules as `addUser` otherwise.
    ///
    /// The certificate says *pending*: the user cannot sign in, and a key rotation passes
    /// them over, until they enrol.
    /// - Returns: the code, to hand to the user; it is stored nowhere.
    public func addUserForEnrolment(
        handle: Handle, role: Role, athleteHandle: Handle?, as actor: Principal
    ) throws -> EnrolmentCode {
        let code = EnrolmentCode.make(random: random)
        try insertUser(
            handle: handle, role: role, athleteHandle: athleteHandle, secret: try code.secret(),
            pending: true, as: actor)
        return code
    }

    /// The owner's reset for a user who forgot their passphrase: what their old key vouched
    /// for signed again by the owner (`revouch`), new keys under a one-time code, a pending
    /// certificate, the athletes they held granted again at the newest epoch to
    /// the new keys, their devices revoked by the owner, their sessions ended. The old sign key is listed as retired (owner-signed)
    /// so the audit entries it made still verify.
    /// - Returns: the code, to hand to the user.
    public func resetUser(handle: Handle, as actor: Principal) throws -> EnrolmentCode {
        guard actor.role == .owner else {
            throw StoreError.permissionDenied("only the owner resets a user's passphrase")
        }
        let code = EnrolmentCode.make(random: random)
        try write { db in
            guard let old = try UserRow.fetch(db, handle: handle.rawValue) else {
                throw StoreError.userNotFound(handle.rawValue)
            }
            let cert = try actor.certificate(db, old.id)
            guard cert.role != .owner else {
                throw StoreError.invalidInput("the owner's own passphrase cannot be reset")
            }
            guard !cert.disabled else { throw StoreError.userDisabled(handle.rawValue) }
            try revouch(db, signedBy: old.id, as: actor)
            try revokeDevicesForReset(db, of: old.id, as: actor)
            let made = try UserFactory.make(
                handle: old.handle, role: cert.role, athleteId: cert.athleteId,
                passphrase: try code.secret(), preset: try defaultPreset(db, as: actor),
                indexKey: actor.indexKey, random: random, id: old.id)
            try made.row.replaceKeys(db)
            var next = cert
            next.boxPK = made.box.publicKey; next.signPK = made.sign.publicKey
            next.pending = true; next.version += 1; next.enrolledFrom = nil
            next.signerId = actor.userId.rawValue
            next.sign(by: actor.signKeys, workspaceId: actor.anchor.workspaceId)
            try next.store(db)
            actor.certificates.forget(old.id)
            try UserState.update(db, of: actor) { $0.certificates[old.id] = next.version }
            try retire(db, signPK: old.signPK, of: old.id, by: actor)
            try made.storeState(db, anchor: actor.anchor, random: random)
            let held = try verifiedHoldings(db, of: old.id, as: actor)
            try db.execute(sql: GrantsTable.deleteOfUser, arguments: [old.id])
            for keyring in held {
                try insertGrant(
                    db, keyring: keyring, toUser: old.id, toBoxPK: made.box.publicKey, by: actor)
            }
            try db.execute(sql: SessionsTable.deleteOfUser, arguments: [old.id])
            try appendAudit(db, actor: actor, action: "user.reset", target: old.id)
        }
        return code
    }

    /// The athletes `userId` verifiably holds at their newest epoch, each opened by `actor`,
    /// from the user's grant rows; a row of theirs that is not a grant that counts (planted,
    /// altered, or left at an older epoch, which rotations delete) is tampering.
    ///
    /// - Throws: `StoreError.tampered` for such a row or a key history that does not verify.
    func verifiedHoldings(_ db: Database, of userId: String, as actor: Principal) throws
        -> [AthleteKeyring]
    {
        try String.fetchAll(db, sql: GrantsTable.athleteIdsOfUser, arguments: [userId]).map {
            let keyring = try AthleteKeyring.open(db, athleteId: $0, principal: actor)
            guard try verifiedAccess(db, keyring: keyring, as: actor).holds(userId) else {
                throw StoreError.tampered("the access grant of this athlete")
            }
            return keyring
        }
    }

    /// Lists `signPK` as a retired key of `userId`, valid for audit entries before the next one.
    private func retire(_ db: Database, signPK: [UInt8], of userId: String, by owner: Principal)
        throws
    {
        let before = (try Int64.fetchOne(db, sql: AuditTable.maxSeq) ?? 0) + 1
        let signature = owner.signKeys.sign(
            Self.retiredKeyMessage(
                workspaceId: owner.anchor.workspaceId, userId: userId, signPK: signPK,
                beforeSeq: before))
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO retired_keys (user_id, sign_pk, before_seq, signature)
                VALUES (?, ?, ?, ?)
                """, arguments: [userId, Data(signPK), before, Data(signature)])
    }

    static func retiredKeyMessage(
        workspaceId: String, userId: String, signPK: [UInt8], beforeSeq: Int64
    ) -> [UInt8] {
        AssociatedData("coach/1/retired-key").with(workspaceId, userId, signPK, beforeSeq).bytes
    }

    /// Redeems a one-time code: the user gets fresh key pairs that nobody else has seen, sealed
    /// under the passphrase they choose, and a certificate for them signed with the code's
    /// one-time key; their grants get copies only the new keys open.
    ///
    /// - Throws: `StoreError.authenticationFailed` for an unknown handle or a wrong or used
    ///   code (the same error for each); `.weakPassphrase`; `.tampered` when the pending
    ///   certificate, state or grants fail to verify; `SyncFailure.enrolmentNotSynced` in a
    ///   synced workspace, before the code is checked.
    public func enrol(handle: Handle, code typed: SecretKey, newPassphrase: SecretKey) throws {
        guard newPassphrase.count >= 8 else { throw StoreError.weakPassphrase }
        guard try !isSynced() else { throw SyncFailure.enrolmentNotSynced }
        let code = try EnrolmentCode.secret(typed: typed)
        guard let row = try read({ db in try UserRow.fetch(db, handle: handle.rawValue) }) else {
            throw StoreError.authenticationFailed
        }
        let (oldBox, oldSign) = try row.keyPairs(from: try row.open(passphrase: code))
        try write { db in
            guard let now = try UserRow.fetch(db, id: row.id),
                now.keyCiphertext == row.keyCiphertext
            else { throw StoreError.authenticationFailed }
            var state = try UserState.load(
                db, userId: row.id, handle: row.handle, key: try UserState.key(box: oldBox))
            let book = CertificateBook()
            book.setFloors(state.certificates)
            let pending = try book.certificate(db, userId: row.id, anchor: state.anchor)
            guard pending.pending, pending.signPK == oldSign.publicKey else {
                throw StoreError.authenticationFailed
            }
            let preset =
                KDFParameters.Preset.matching(
                    ops: pending.kdfFloorOps, mem: pending.kdfFloorMem) ?? .moderate
            let index = try SealedBox.open(row.indexKeySealed, with: oldBox)
            let made = try UserFactory.make(
                handle: row.handle, role: pending.role, athleteId: pending.athleteId,
                passphrase: newPassphrase, preset: preset, indexKey: index, random: random,
                id: row.id)
            try made.row.replaceKeys(db)
            var cert = pending
            cert.boxPK = made.box.publicKey; cert.signPK = made.sign.publicKey
            cert.pending = false; cert.version += 1; cert.signerId = row.id
            cert.enrolledFrom = .init(
                boxPK: pending.boxPK, signPK: pending.signPK, signerId: pending.signerId,
                signature: pending.signature)
            cert.sign(by: oldSign, workspaceId: state.anchor.workspaceId)
            try cert.store(db)
            try recopyGrants(db, userId: row.id, from: oldBox, to: made.box)
            state.certificates[row.id] = cert.version
            try state.store(db, userId: row.id, key: try UserState.key(box: made.box))
            try db.execute(sql: SessionsTable.deleteOfUser, arguments: [row.id])
            var secret = made.box.secretKey.exportBytes() + made.sign.secretKey.exportBytes()
            let principal = try made.row.principal(
                secret: try SecretKey(consuming: &secret), db)
            try appendAudit(db, actor: principal, action: "user.enrol", target: row.id)
        }
    }

    /// Opens each grant of `userId` with the one-time keys (checking ids and key commitment)
    /// and stores the copy only the new keys open; labels sealed under the old keys go.
    private func recopyGrants(
        _ db: Database, userId: String, from old: BoxKeyPair, to new: BoxKeyPair
    ) throws {
        let selfKey = try Hashing.deriveSubkey(id: 3, context: "selfgrnt", from: new.secretKey)
        let rows = try Row.fetchAll(
            db,
            sql: GrantsTable.ofUserWithCommitments, arguments: [userId])
        for r in rows {
            let athleteId: String = r["athlete_id"], epoch: Int = r["epoch"]
            let key = try KeyCommitment.openGrant(
                [UInt8](r["sealed"] as Data), athleteId: athleteId, epoch: epoch, userId: userId,
                keys: old)
            guard
                KeyCommitment.matches(
                    key, athleteId: athleteId, epoch: epoch,
                    commitment: [UInt8](r["commitment"] as Data))
            else { throw StoreError.tampered("the access grant of this athlete") }
            let copy = try AEAD.seal(
                key.exportBytes(),
                ad: KeyCommitment.selfAD(athleteId: athleteId, epoch: epoch, userId: userId),
                key: selfKey, random: random)
            try db.execute(
                sql: GrantsTable.resealSelf,
                arguments: [
                    Data(copy.nonce), Data(copy.ciphertext), athleteId, epoch, userId,
                ])
        }
    }
}

extension UserRow {
    /// Replaces the row's keys, Argon2id parameters and sealed index key (same id and handle).
    func replaceKeys(_ db: Database) throws {
        try db.execute(
            sql: UsersTable.replaceKeys,
            arguments: [
                Data(boxPK), Data(signPK), kdf.algorithm, Int64(kdf.opsLimit), Int64(kdf.memLimit),
                Data(kdf.salt), Data(keyNonce), Data(keyCiphertext), Data(indexKeySealed), id,
            ])
    }
}
