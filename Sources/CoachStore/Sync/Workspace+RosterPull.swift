import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// The audit action of an athlete's removal pulled from the server's roster (the remover's
    /// id in its target); the signed-in user who pulled it signs the entry.
    static let pulledRemovalAction = "sync.athlete.remove"

    /// Brings the server's roster entries into the replica, in one transaction: newer user
    /// certificates (a new user with their sealed key row), athletes, epochs, grants of the
    /// newest epochs (a rotation drops the older grants, as it does here, but for the
    /// signed-in user's own when it left them out), removals, plugin records and the server's
    /// log key the owner certified (`applyLogKey`). Then every
    /// certificate and every athlete's key history and grants are verified
    /// against the trust anchor; device entries are left to their own path.
    ///
    /// - Parameters:
    ///   - entries: the server's roster, in order.
    ///   - actor: the signed-in user, whose trust anchor the rows are checked against.
    /// - Returns: how many entries changed the replica.
    /// - Throws: `StoreError.tampered` naming what does not verify (an unsigned or planted
    ///   entry, a plugin entry replayed out of its chain, a roster that does not extend the
    ///   head this replica verified last); nothing is applied then.
    @discardableResult
    public func applyRoster(_ entries: [RosterEntry], as actor: Principal) throws -> Int {
        do { _ = try RosterPluginChain(entries) } catch {
            throw StoreError.tampered("\(error.message) (replayed on the server)")
        }
        try requireLogKeyOrder(entries, anchor: actor.anchor)
        try requireLogResetOrder(entries, anchor: actor.anchor)
        applyingRoster.withLock { $0 = true }
        defer { applyingRoster.withLock { $0 = false } }
        return try write { db in
            try requireExtendsMark(db, entries)
            var applied = 0
            var rotated: [AthleteID: Int] = [:]
            var added: Set<AthleteID> = []
            var pluginTimes: [String: RosterPluginRecord] = [:]
            try noteHeadsToResign(db, entries, as: actor)
            for entry in entries
            where try apply(
                db, entry, as: actor, rotated: &rotated, added: &added, plugins: &pluginTimes)
            {
                applied += 1
            }
            applied += try applyKeyRows(db, entries, workspaceId: try workspaceId(db))
            try requireLogCheckpoints(db, entries, anchor: actor.anchor)
            try keepRosterLogReset(db, entries, anchor: actor.anchor)
            // As a rotation here does, the older grants go; the signed-in user's own stays on
            // their machine when the rotation left them out, so what they could read they
            // still can (nothing of the new epoch).
            for (athlete, epoch) in rotated {
                let user = actor.userId.rawValue
                let holds =
                    try Data.fetchOne(
                        db, sql: GrantsTable.signatureOfOne,
                        arguments: [athlete.rawValue, epoch, user]) != nil
                try db.execute(
                    sql: GrantsTable.deleteBeforeEpochButOfUser,
                    arguments: [athlete.rawValue, epoch, holds ? "" : user])
            }
            guard applied > 0 else { return 0 }
            let rows = DatabaseRows(db: db)
            let book = CertificateBook()
            try StoreError.checking {
                for id in try rows.userIds() {
                    _ = try book.certificate(in: rows, userId: id, anchor: actor.anchor)
                }
                let membership = MembershipVerifier(anchor: actor.anchor, book: book)
                for id in try rows.athleteIds() {
                    _ = try membership.access(in: rows, athleteId: id)
                }
            }
            return applied
        }
    }

    /// Before a rotation comes in: the record head of each athlete whose new epoch `actor`
    /// is granted is checked now and signed again at the new epoch when the write commits, as
    /// a rotation made here does.
    private func noteHeadsToResign(_ db: Database, _ entries: [RosterEntry], as actor: Principal)
        throws
    {
        var granted: Set<String> = []
        for case .grant(let grant) in entries where grant.userId == actor.userId {
            granted.insert("\(grant.athleteId.rawValue)/\(grant.epoch)")
        }
        for case .epoch(let epoch) in entries
        where granted.contains("\(epoch.athleteId.rawValue)/\(epoch.epoch)") {
            let id = epoch.athleteId.rawValue
            let current =
                try Int.fetchOne(db, sql: EpochsTable.currentOfAthlete, arguments: [id]) ?? 0
            if current >= 1, epoch.epoch > current {
                try noteRecordsChanged(db, athleteId: id, actor: actor)
            }
        }
    }

    /// Applies one entry when the replica lacks it; whether it did. A removal and a plugin
    /// entry are verified first (`verifyRemoval`, `verifiedPlugin`); a removal of an athlete
    /// held before this pull (not in `added`) is audited; `plugins` keeps, by plugin id, the
    /// roster's newest record so far.
    private func apply(
        _ db: Database, _ entry: RosterEntry, as actor: Principal,
        rotated: inout [AthleteID: Int], added: inout Set<AthleteID>,
        plugins: inout [String: RosterPluginRecord]
    ) throws -> Bool {
        switch entry {
        case .user(let user):
            let version = try Int.fetchOne(
                db, sql: "SELECT version FROM certificates WHERE user_id = ?",
                arguments: [user.userId.rawValue])
            guard version ?? 0 < user.version else { return false }
            try applyUser(db, user, isNew: version == nil)
        case .athlete(let athlete):
            guard
                try Int.fetchOne(
                    db, sql: "SELECT 1 FROM athletes WHERE id = ?",
                    arguments: [athlete.athleteId.rawValue]) == nil
            else { return false }
            try db.execute(
                sql: AthletesTable.insert,
                arguments: [athlete.athleteId.rawValue, Data(athlete.handleTag.bytes)])
            added.insert(athlete.athleteId)
        case .epoch(let epoch):
            let id = epoch.athleteId.rawValue
            let current =
                try Int.fetchOne(db, sql: EpochsTable.currentOfAthlete, arguments: [id]) ?? 0
            guard epoch.epoch > current else { return false }
            try db.execute(
                sql: EpochsTable.insert,
                arguments: [
                    id, epoch.epoch, Data(epoch.commitment.bytes),
                    epoch.previousNonce.map { Data($0.bytes) },
                    epoch.previousWrapped.map { Data($0.bytes) },
                ])
            try db.execute(
                sql: EpochsTable.setSignature,
                arguments: [epoch.signerId.rawValue, Data(epoch.signature.bytes), id, epoch.epoch])
            try noteStreamMark(db, epoch, as: actor)
            rotated[epoch.athleteId] = epoch.epoch
        case .grant(let grant):
            let id = grant.athleteId.rawValue
            let current =
                try Int.fetchOne(db, sql: EpochsTable.currentOfAthlete, arguments: [id]) ?? 0
            let held = try Data.fetchOne(
                db,
                sql: GrantsTable.signatureOfOne,
                arguments: [id, grant.epoch, grant.userId.rawValue])
            guard grant.epoch == current, held.map({ [UInt8]($0) }) != grant.signature.bytes
            else { return false }
            try db.execute(
                sql: GrantsTable.insert,
                arguments: [
                    id, grant.epoch, grant.userId.rawValue, Data(grant.sealed.bytes),
                    grant.grantedBy.rawValue, Data(grant.signature.bytes),
                ])
        case .removal(let removal):
            try verifyRemoval(db, removal, as: actor)
            let id = removal.athleteId.rawValue
            try db.execute(sql: AthletesTable.delete, arguments: [id])
            guard db.changesCount > 0 else { return false }
            // Its stream is no longer served: nothing it waited for is owed.
            try db.execute(sql: SyncWithheldTables.clearAthlete, arguments: [id])
            if db.changesCount > 0 { try auditWithheld(db, athleteId: id, actor: actor) }
            if !added.contains(removal.athleteId) {
                try appendAudit(
                    db, actor: actor, action: Self.pulledRemovalAction, athleteId: id,
                    target: "\(id) by \(removal.removedBy.rawValue)")
            }
        case .plugin(let plugin):
            return try applyPlugin(db, plugin, as: actor, newest: &plugins)
        case .logKey(let key):
            return try applyLogKey(db, key, anchor: actor.anchor)
        case .device, .deviceRevocation, .keyRow, .checkinDevice, .inboxKey, .logReset,
            .logCheckpoint:
            // A log reset is taken by the pull whose log check fails (`acceptLogReset`); a
            // checkpoint is checked in `applyRoster`'s transaction.
            return false
        }
        return true
    }

    /// Stores a user's newer certificate; a user new here gets their row from the sealed
    /// key row the entry carries.
    func applyUser(_ db: Database, _ user: RosterUser, isNew: Bool) throws {
        let id = user.userId.rawValue
        if isNew {
            guard let keys = SealedKeyFields(user.sealedKeys.bytes) else {
                throw StoreError.tampered("the sealed key row of user '\(id)' on the server")
            }
            try db.execute(
                sql: """
                    INSERT INTO users (id, handle, role, athlete_id, disabled, box_pk, sign_pk,
                        kdf_alg, kdf_ops, kdf_mem, kdf_salt, key_nonce, key_ciphertext,
                        index_key_sealed)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    id, user.handle, user.role.rawValue, user.athleteId?.rawValue,
                    user.status == "disabled" ? 1 : 0, Data(user.boxPK.bytes),
                    Data(user.signPK.bytes), keys.algorithm, keys.ops, keys.mem,
                    Data(keys.salt), Data(keys.nonce), Data(keys.ciphertext),
                    Data(keys.indexKey),
                ])
        } else {
            let held = try Data.fetchOne(
                db, sql: "SELECT sign_pk FROM users WHERE id = ?", arguments: [id])
            try db.execute(
                sql: "UPDATE users SET box_pk = ?, sign_pk = ?, disabled = ? WHERE id = ?",
                arguments: [
                    Data(user.boxPK.bytes), Data(user.signPK.bytes),
                    user.status == "disabled" ? 1 : 0, id,
                ])
            // New keys (a reset): the sealed key row that opens them comes with them.
            if held.map({ [UInt8]($0) }) != user.signPK.bytes {
                guard let keys = SealedKeyFields(user.sealedKeys.bytes) else {
                    throw StoreError.tampered("the sealed key row of user '\(id)' on the server")
                }
                try keys.store(db, user: id)
            }
        }
        let pending = user.enrolledFrom
        try db.execute(
            sql: CertificatesTable.insert,
            arguments: [
                id, user.status, user.kdfFloorOps, user.kdfFloorMem, user.version,
                user.createdBy.rawValue, user.signerId.rawValue, Data(user.signature.bytes),
                pending.map { Data($0.boxPK.bytes) }, pending.map { Data($0.signPK.bytes) },
                pending?.signerId.rawValue, pending.map { Data($0.signature.bytes) },
            ])
    }
}
