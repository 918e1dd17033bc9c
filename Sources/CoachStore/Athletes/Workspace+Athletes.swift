import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

/// An athlete as the acting user sees it.
public struct AthleteSummary: Sendable {
    public let id: AthleteID
    public let profile: AthleteProfile
}

extension Workspace {
    /// The keyed hash that indexes an athlete handle without storing it in the clear.
    func handleTag(_ handle: String, _ principal: Principal) -> [UInt8] {
        Hashing.keyedBlake2b(
            AssociatedData("coach/1/handle").with(handle).bytes, key: principal.indexKey, length: 16
        )
    }

    /// Creates an athlete with a fresh data key, granted to the creator and the owner.
    ///
    /// - Returns: the new athlete's id.
    @discardableResult
    public func addAthlete(_ profile: AthleteProfile, as actor: Principal) throws -> AthleteID {
        guard actor.isStaff else {
            throw StoreError.permissionDenied("athletes cannot add athletes")
        }
        try Handle.validate(profile.handle)
        try AthleteValidation.check(profile)
        let id = AthleteID(ids.next())
        try write { db in
            _ = try insertAthlete(db, id: id, profile: profile, actor: actor)
        }
        return id
    }

    /// The insert behind `addAthlete`, reusable inside a larger transaction (imports).
    ///
    /// - Returns: the new athlete's keyring, opened for `actor`.
    @discardableResult
    func insertAthlete(_ db: Database, id: AthleteID, profile: AthleteProfile, actor: Principal)
        throws -> AthleteKeyring
    {
        try Self.checkProfileChange(from: nil, to: profile, by: actor)
        let id = id.rawValue
        let tag = handleTag(profile.handle, actor)
        if try Bool.fetchOne(
            db, sql: AthletesTable.existsWithTag, arguments: [Data(tag)]) == true
        {
            throw StoreError.duplicateHandle(profile.handle)
        }
        try db.execute(
            sql: AthletesTable.insert, arguments: [id, Data(tag)])
        let key = try SecretKey.random(using: random)
        try db.execute(
            sql: EpochsTable.insertFirst,
            arguments: [id, Data(KeyCommitment.commitment(key, athleteId: id, epoch: 1))])
        try EpochCertificate.certify(db, athleteId: id, epoch: 1, by: actor)
        // The owner is the user holding the anchor key, with the public key they certified.
        let owner = try actor.certificates.owner(db, anchor: actor.anchor)
        var holders = [(owner.userId, owner.boxPK)]
        if !holders.contains(where: { $0.0 == actor.userId.rawValue }) {
            holders.append((actor.userId.rawValue, actor.boxKeys.publicKey))
        }
        for (userId, pk) in holders {
            try sealGrant(
                db, athleteId: id, epoch: 1, key: key, toUser: userId, toBoxPK: pk, by: actor)
        }
        try appendAudit(db, actor: actor, action: "athlete.add", athleteId: id, target: id)
        let keyring = try AthleteKeyring.openLabelled(db, athleteId: id, principal: actor)
        try keyring.noteHandle(profile.handle, random: random)
        try putRecord(
            db, keyring: keyring, id: "profile", kind: .profile, day: "",
            payload: JSONCoding.encode(profile), actor: actor, action: "athlete.profile")
        try saveSnapshot(db, keyring: keyring, profile: profile, records: [])
        return keyring
    }

    /// Finds the athlete `handle` among those the actor can open.
    ///
    /// The error is the same whether the athlete does not exist or is not granted, so a user
    /// cannot probe for other coaches' athletes; a grant that was tampered with is reported.
    public func resolveAthlete(_ handle: Handle, as actor: Principal) throws -> AthleteID {
        try openAthlete(handle, as: actor).id
    }

    /// The athlete a command is about: the named one, or an athlete user's own.
    public func targetAthlete(_ handle: Handle?, as actor: Principal) throws -> AthleteID {
        try openAthlete(handle, as: actor).id
    }

    /// Resolves the athlete a command is about — the named one, or an athlete user's own — and
    /// opens their keys and profile in one read.
    ///
    /// - Throws: `athleteNotFound` when no athlete of that handle is granted to the actor (the
    ///   same whether it exists or not); `grantTampered` when the grant no longer verifies.
    public func openAthlete(_ handle: Handle?, as actor: Principal) throws -> AthleteAccess {
        let tag = handle.map { handleTag($0.rawValue, actor) }
        let access = try read { db -> AthleteAccess in
            let id: AthleteID
            if let tag, let handle {
                guard
                    let found = try AthleteID.fetchOne(
                        db, sql: AthletesTable.idOfTag,
                        arguments: [Data(tag)])
                else {
                    // The user's own label knowing the handle means its index was edited.
                    if try labelledAthlete(db, handle: handle.rawValue, as: actor) != nil {
                        throw StoreError.tampered("the handle index of athlete '\(handle)'")
                    }
                    throw StoreError.athleteNotFound(handle.rawValue)
                }
                id = found
            } else if actor.role == .athlete, let own = actor.athleteId {
                id = own
            } else {
                throw StoreError.athleteRequired
            }
            guard let access = try openGranted(db, athleteId: id, as: actor) else {
                throw StoreError.athleteNotFound(handle?.rawValue ?? "your own")
            }
            // A handle tag moved onto another athlete's row would open that athlete instead.
            if let handle, access.profile.handle != handle.rawValue {
                throw StoreError.tampered("the handle index of athlete '\(handle)'")
            }
            return access
        }
        try storeSelfSeals([access.keyring])
        return access
    }

    /// Opens the athlete with `id` for the actor (for callers that hold an id, not a handle).
    public func openAthlete(id: AthleteID, as actor: Principal) throws -> AthleteAccess {
        let access = try read { db in
            guard let access = try openGranted(db, athleteId: id, as: actor) else {
                throw StoreError.permissionDenied("no access to this athlete")
            }
            return access
        }
        try storeSelfSeals([access.keyring])
        return access
    }

    /// Opens an athlete's keyring and profile; `nil` when the actor holds no grant for the
    /// newest epoch (never granted, or revoked). Tampering is thrown, never mapped to `nil`.
    func openGranted(_ db: Database, athleteId: AthleteID, as actor: Principal) throws
        -> AthleteAccess?
    {
        let keyring: AthleteKeyring
        do {
            keyring = try AthleteKeyring.openLabelled(
                db, athleteId: athleteId.rawValue, principal: actor)
        } catch StoreError.permissionDenied {
            return nil
        }
        let profile = try loadProfile(db, keyring: keyring)
        try keyring.noteHandle(profile.handle, random: random)
        return AthleteAccess(id: athleteId, profile: profile, actor: actor, keyring: keyring)
    }

    func loadProfile(_ db: Database, athleteId: AthleteID, as actor: Principal) throws
        -> AthleteProfile
    {
        let keyring = try AthleteKeyring.open(db, athleteId: athleteId.rawValue, principal: actor)
        return try loadProfile(db, keyring: keyring)
    }

    func loadProfile(_ db: Database, keyring: AthleteKeyring) throws -> AthleteProfile {
        guard let record = try fetchRecord(db, keyring: keyring, id: "profile") else {
            throw StoreError.tampered("the profile of an athlete")
        }
        return try JSONCoding.decode(AthleteProfile.self, from: record.payload)
    }

    /// The athlete's profile.
    public func profile(athleteId: AthleteID, as actor: Principal) throws -> AthleteProfile {
        try read { db in try loadProfile(db, athleteId: athleteId, as: actor) }
    }

    /// Every athlete the actor holds, sorted by handle.
    ///
    /// Grants of older epochs (a revoked holder's) are passed over; a grant that was tampered
    /// with stops the listing with an error naming the athlete.
    public func listAthletes(as actor: Principal) throws -> [AthleteSummary] {
        var opened: [AthleteKeyring] = []
        let list = try read { db in
            return try heldIds(db, as: actor).map(AthleteID.init).compactMap {
                id -> AthleteSummary? in
                guard let access = try openGranted(db, athleteId: id, as: actor) else { return nil }
                opened.append(access.keyring)
                return AthleteSummary(id: access.id, profile: access.profile)
            }.sorted { $0.profile.handle < $1.profile.handle }
        }
        try storeSelfSeals(opened)
        return list
    }

    /// Saves the fast grant copies prepared while reading, in one short write (first read only).
    func storeSelfSeals(_ keyrings: [AthleteKeyring]) throws {
        let pending = keyrings.filter { $0.hasPendingWrites }
        guard !pending.isEmpty else { return }
        try write { db in
            for k in pending { try k.storeSelfSeal(db, noteEpoch: false) }
            // One rewrite of the user's state for every athlete first seen at a new epoch.
            let seen = pending.compactMap { $0.takePendingEpoch() }
            if !seen.isEmpty, let holder = pending.first?.holderPrincipal {
                try UserState.update(db, of: holder) { $0.note(seen) }
            }
        }
    }

    /// Replaces the athlete's profile with `change(profile)`, read again inside the write;
    /// athletes may edit their own.
    ///
    /// - Throws: `StoreError.retiredEpoch` when the athlete's key was rotated since it was opened.
    public func updateProfile(
        _ athlete: AthleteAccess, action: String = "athlete.edit",
        _ change: (inout AthleteProfile) throws -> Void
    ) throws -> AthleteProfile {
        let actor = athlete.actor
        return try write { db in
            let keyring = try writingKeyring(db, athlete)
            var profile = try loadProfile(db, keyring: keyring)
            let old = profile, oldHandle = profile.handle
            try change(&profile)
            try Self.checkProfileChange(from: old, to: profile, by: actor)
            try Handle.validate(profile.handle)
            try AthleteValidation.check(profile)
            if profile.handle != oldHandle {
                let tag = handleTag(profile.handle, actor)
                if try Bool.fetchOne(
                    db, sql: AthletesTable.existsWithTag, arguments: [Data(tag)])
                    == true
                {
                    throw StoreError.duplicateHandle(profile.handle)
                }
                try db.execute(
                    sql: AthletesTable.setTag,
                    arguments: [Data(tag), athlete.id])
            }
            try putRecord(
                db, keyring: keyring, id: "profile", kind: .profile, day: "",
                payload: JSONCoding.encode(profile), actor: actor, action: action)
            return profile
        }
    }

    /// Deletes the athlete with every key, grant and record (crypto-shredding), then
    /// checkpoints the WAL so the ciphertext does not linger there.
    ///
    /// The athlete's own user accounts are disabled in the same transaction (their
    /// certificates re-signed by the owner), so they can no longer sign in.
    ///
    /// - Throws: `StoreError.permissionDenied` for an athlete user, or for a coach when the
    ///   athlete has an active user account (only the owner can disable it);
    ///   `StoreError.retiredEpoch` when the athlete's key was rotated since it was opened.
    public func removeAthlete(_ athlete: AthleteAccess) throws {
        let actor = athlete.actor, athleteId = athlete.id
        guard actor.isStaff else {
            throw StoreError.permissionDenied("athletes cannot remove athletes")
        }
        try write { db in
            _ = try writingKeyring(db, athlete)
            // The athlete's own user accounts end with the athlete: the owner re-signs their
            // certificates as disabled in this transaction (a coach cannot, so must ask her).
            let bound = try activeAthleteUsers(db, of: athleteId, as: actor)
            if !bound.isEmpty && actor.role != .owner {
                throw StoreError.permissionDenied(
                    "only the owner removes an athlete who has a user account ("
                        + bound.map(\.handle).joined(separator: ", ")
                        + "), because the account is disabled with them")
            }
            for cert in bound { try disableCertificate(db, cert, as: actor) }
            try db.execute(sql: AthletesTable.delete, arguments: [athleteId])
            noteRosterRemoval(.athlete(athleteId))
            try db.execute(
                sql: UsersTable.disableOfAthlete, arguments: [athleteId])
            try db.execute(
                sql:
                    SessionsTable.deleteOfAthleteUsers,
                arguments: [athleteId])
            try appendAudit(
                db, actor: actor, action: "athlete.remove", athleteId: athleteId.rawValue,
                target: athleteId.rawValue)
        }
        try checkpoint(after: "the athlete was removed")
    }
}
