import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Creates a workspace file at `path` with its owner.
    ///
    /// - Parameters:
    ///   - path: where the new file goes (must not exist).
    ///   - owner: the owner's handle.
    ///   - passphrase: the owner's passphrase (at least 8 bytes).
    ///   - preset: Argon2id strength for this and later users (never below interactive).
    public static func create(
        at path: String, owner: String, passphrase: SecretKey,
        preset: KDFParameters.Preset = .moderate, clock: any Clock, random: any RandomSource,
        ids: IdentifierSource
    ) throws -> Workspace {
        try Handle.validate(owner)
        guard passphrase.count >= 8 else { throw StoreError.weakPassphrase }
        let indexKey = try SecretKey.random(using: random)
        let made = try UserFactory.make(
            handle: owner, role: .owner, athleteId: nil, passphrase: passphrase,
            preset: preset, indexKey: indexKey, random: random, id: ids.next())
        let row = made.row
        let ws = try createFile(at: path, clock: clock, random: random, ids: ids)
        let secret = try row.open(passphrase: passphrase)
        try ws.write { db in
            guard
                let workspaceId = try String.fetchOne(
                    db, sql: "SELECT value FROM meta WHERE key = 'workspace_id'")
            else { throw StoreError.notAWorkspace(path) }
            let anchor = TrustAnchor(workspaceId: workspaceId, ownerSignPK: row.signPK)
            try db.execute(
                sql: "INSERT INTO meta (key, value) VALUES ('kdf_preset', ?)",
                arguments: [preset.rawValue])
            try row.insert(db)
            try row.firstCertificate(
                createdBy: row.id, signer: made.sign, signerId: row.id, workspaceId: workspaceId
            ).store(db)
            try made.storeState(db, anchor: anchor, random: random)
            let principal = try row.principal(secret: secret, db)
            try ws.appendAudit(db, actor: principal, action: "workspace.init", target: row.id)
        }
        return ws
    }

    /// The Argon2id preset new users get: the owner's certified work factor, which the
    /// plaintext `meta.kdf_preset` must name.
    ///
    /// - Throws: `StoreError.tampered` when the meta value differs from the preset the owner's
    ///   certificate carries (someone lowered or raised it outside coach).
    func defaultPreset(_ db: Database, as actor: Principal) throws -> KDFParameters.Preset {
        let owner = try actor.certificates.owner(db, anchor: actor.anchor)
        let raw = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'kdf_preset'")
        guard
            let preset = KDFParameters.Preset.matching(
                ops: owner.kdfFloorOps, mem: owner.kdfFloorMem),
            raw == preset.rawValue
        else {
            throw StoreError.tampered("the workspace's password-hashing preset (meta.kdf_preset)")
        }
        return preset
    }

    /// Checks a handle and passphrase and returns the user with their keys open.
    ///
    /// An unknown handle costs the same Argon2id work as a wrong passphrase and fails with the
    /// same error, so neither timing nor message tells which it was. Nothing is written.
    public func authenticate(handle: Handle, passphrase: SecretKey) throws -> Principal {
        let handle = handle.rawValue
        let (row, decoy) = try read { db -> (UserRow?, KDFParameters?) in
            if let row = try UserRow.fetch(db, handle: handle) { return (row, nil) }
            let any = try Row.fetchOne(db, sql: UsersTable.first).map(
                UserRow.init)
            return (nil, any?.kdf ?? KDFParameters.new(.moderate, random: random))
        }
        guard let row else {
            _ = try? decoy?.deriveKey(passphrase: passphrase)
            throw StoreError.authenticationFailed
        }
        let secret: SecretKey
        do { secret = try row.open(passphrase: passphrase) } catch StoreError.authenticationFailed {
            // A user waiting to enrol has no passphrase yet; say so (the status is public).
            let status = try read { db in
                try String.fetchOne(
                    db, sql: CertificatesTable.statusOfUser,
                    arguments: [row.id])
            }
            if status == "pending" { throw StoreError.enrolmentPending(handle) }
            // An edited role, key or work factor fails like a wrong passphrase: say which.
            try read { db in try checkUserRowAfterFailedOpen(db, row) }
            throw StoreError.authenticationFailed
        }
        let kept = try keptMarks(userId: row.id)
        return try read { db in try row.principal(secret: secret, db, kept: kept) }
    }

    /// Adds a user whose passphrase the creator sets; the owner may add anyone, a coach only
    /// athlete users for athletes they hold, and those only through `addUserForEnrolment`.
    ///
    /// An athlete user is bound to `athleteHandle` and granted that athlete at once.
    /// - Throws: `StoreError.permissionDenied` for a coach setting an athlete user's passphrase.
    public func addUser(
        handle: Handle, role: Role, athleteHandle: Handle?, passphrase: SecretKey,
        as actor: Principal
    ) throws {
        try insertUser(
            handle: handle, role: role, athleteHandle: athleteHandle, secret: passphrase,
            pending: false, as: actor)
    }

    /// Adds a user (see `addUser`) whose keys are sealed under `secret`: a passphrase, or with
    /// `pending` a one-time enrolment code.
    func insertUser(
        handle: Handle, role: Role, athleteHandle: Handle?, secret: SecretKey, pending: Bool,
        as actor: Principal
    ) throws {
        let handle = handle.rawValue
        guard role != .owner else { throw StoreError.secondOwner }
        guard actor.role == .owner || (actor.role == .coach && role == .athlete) else {
            throw StoreError.permissionDenied(
                "only the owner adds coaches; coaches add athlete users for their athletes")
        }
        // A creator who chooses an athlete user's passphrase knows her keys for good; only the
        // owner may (and it shows in the user list). Coaches hand out enrolment codes.
        if role == .athlete && !pending && actor.role != .owner {
            throw StoreError.permissionDenied(
                "only the owner sets an athlete user's passphrase; others get an enrolment code")
        }
        var athleteId: String?
        if role == .athlete {
            guard let athleteHandle else { throw StoreError.athleteUserNeedsAthlete }
            athleteId = try resolveAthlete(athleteHandle, as: actor).rawValue
        } else if athleteHandle != nil {
            throw StoreError.athleteOnlyForAthleteUser
        }
        let preset = try read { try defaultPreset($0, as: actor) }
        let made = try UserFactory.make(
            handle: handle, role: role, athleteId: athleteId, passphrase: secret,
            preset: preset, indexKey: actor.indexKey, random: random, id: ids.next())
        let row = made.row
        try write { db in
            if try UserRow.fetch(db, handle: handle) != nil {
                throw StoreError.duplicateHandle(handle)
            }
            try row.insert(db)
            try row.firstCertificate(
                createdBy: actor.userId.rawValue, signer: actor.signKeys,
                signerId: actor.userId.rawValue, workspaceId: actor.anchor.workspaceId,
                pending: pending
            ).store(db)
            try made.storeState(db, anchor: actor.anchor, random: random)
            if let athleteId {
                let keyring = try AthleteKeyring.open(db, athleteId: athleteId, principal: actor)
                try insertGrant(db, keyring: keyring, toUser: row.id, toBoxPK: row.boxPK, by: actor)
            }
            try appendAudit(
                db, actor: actor, action: "user.add", athleteId: athleteId, target: row.id)
        }
    }

    /// Every user of the workspace (handles and roles are visible to all users).
    public func listUsers(as actor: Principal) throws -> [UserSummary] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: UsersTable.allByHandle).map(
                UserRow.init)
            return try rows.map { row in
                let cert = try actor.certificate(db, row.id)
                var athlete: String?
                // An athlete the actor holds no grant of stays blank; a grant that fails to
                // verify is tampering and is reported, never left blank.
                if let id = cert.athleteId {
                    do {
                        let keyring = try AthleteKeyring.openLabelled(
                            db, athleteId: id, principal: actor)
                        athlete = try loadProfile(db, keyring: keyring).handle
                    } catch StoreError.permissionDenied {
                        athlete = nil
                    }
                }
                return UserSummary(
                    handle: Handle(row.handle), role: cert.role, athlete: athlete.map(Handle.init),
                    disabled: cert.disabled, pending: cert.pending,
                    passphraseSetByCreator: cert.role != .owner && !cert.pending
                        && !cert.disabled && cert.enrolledFrom == nil)
            }
        }
    }

    /// Changes the acting user's passphrase and ends all of their sessions.
    public func changePassphrase(as actor: Principal, to newPassphrase: SecretKey) throws {
        guard newPassphrase.count >= 8 else { throw StoreError.weakPassphrase }
        let preset = try read { try defaultPreset($0, as: actor) }
        try write { db in
            guard var row = try UserRow.fetch(db, id: actor.userId.rawValue) else {
                throw StoreError.userNotFound(actor.handle.rawValue)
            }
            // Never below the certified floor, whatever the workspace's preset says now.
            let cert = try actor.certificate(db, row.id)
            row.kdf = KDFParameters.new(preset, random: random)
            row.kdf.opsLimit = max(row.kdf.opsLimit, UInt64(max(cert.kdfFloorOps, 0)))
            row.kdf.memLimit = max(row.kdf.memLimit, UInt64(max(cert.kdfFloorMem, 0)))
            try row.seal(
                box: actor.boxKeys, sign: actor.signKeys, passphrase: newPassphrase, random: random)
            try db.execute(
                sql: UsersTable.rewrapKeys,
                arguments: [
                    row.kdf.algorithm, Int64(row.kdf.opsLimit), Int64(row.kdf.memLimit),
                    Data(row.kdf.salt),
                    Data(row.keyNonce), Data(row.keyCiphertext), row.id,
                ])
            noteKeyRowChange()
            try db.execute(sql: SessionsTable.deleteOfUser, arguments: [row.id])
            try appendAudit(db, actor: actor, action: "user.passwd", target: row.id)
        }
    }

    /// Disables a user (owner only): they can no longer authenticate and their sessions end.
    public func disableUser(handle: Handle, as actor: Principal) throws {
        let handle = handle.rawValue
        guard actor.role == .owner else {
            throw StoreError.permissionDenied("only the owner disables users")
        }
        try write { db in
            guard let row = try UserRow.fetch(db, handle: handle) else {
                throw StoreError.userNotFound(handle)
            }
            let cert = try actor.certificate(db, row.id)
            guard cert.role != .owner else {
                throw StoreError.invalidInput("the owner cannot be disabled")
            }
            try revokeEverywhere(db, userId: UserID(row.id), as: actor)
            try disableCertificate(db, cert, as: actor)
            try appendAudit(db, actor: actor, action: "user.disable", target: row.id)
        }
    }
}
