import CoachKit
import Foundation
import GRDB

/// What an import did.
public struct ImportSummary: Codable, Sendable, Equatable {
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    public var createdAthlete = false

    enum CodingKeys: String, CodingKey {
        case added, updated, unchanged
        case createdAthlete = "created_athlete"
    }
}

extension Workspace {
    /// The whole of one athlete's data in the interchange format.
    ///
    /// Comes from the athlete's snapshot; when there is none yet, the records are decrypted one
    /// by one and the snapshot is written for next time (when the workspace can be written).
    public func exportDataset(athleteId: AthleteID, as actor: Principal) throws -> AthleteDataset {
        try dataset(of: try openAthlete(id: athleteId, as: actor))
    }

    /// The whole of one opened athlete's data, through the keys opened with it.
    ///
    /// Comes from the athlete's snapshot; when there is none yet, the records are decrypted one
    /// by one and the snapshot is written for next time. A workspace that cannot be written (a
    /// read-only copy) still reads, from the records; a snapshot or record that fails to open is
    /// tampering and is thrown, never read around.
    public func dataset(of athlete: AthleteAccess) throws -> AthleteDataset {
        let keyring = athlete.keyring
        if let dataset = try read({ db in try loadSnapshot(db, keyring: keyring) }) {
            return dataset
        }
        do {
            return try write { db -> AthleteDataset in
                try loadSnapshot(db, keyring: keyring) ?? rebuildSnapshot(db, keyring: keyring)
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            return try read { db in try datasetFromRecords(db, keyring: keyring) }
        }
    }

    /// Imports a dataset into an athlete, all or nothing.
    ///
    /// Ids are stored as `ImportedIds` stores them: a written id of coach's own shapes as it is,
    /// any other as a keyed hash under the athlete's current key (created first with `create`),
    /// with planned sessions' links following their workouts. Entries whose stored id already
    /// exists with the same content are left alone, so importing the same file twice adds
    /// nothing; one stored under an alias (an earlier key's id, or the written id as earlier
    /// versions stored it) moves to its current id and counts as updated. The fields the athlete section holds replace the profile's;
    /// the ones it leaves out, and the handle, stay.
    /// - Parameters:
    ///   - handle: the target athlete; with `create`, the handle of the new athlete.
    ///   - create: create the athlete from the file's athlete section.
    public func importDataset(
        _ dataset: AthleteDataset, handle: Handle?, create: Bool,
        as actor: Principal
    ) throws -> ImportSummary {
        _ = try DatasetRecords.records(of: dataset)  // the file's own ids in any error
        var summary = ImportSummary()
        if create {
            guard actor.isStaff else {
                throw StoreError.permissionDenied("athletes cannot create athletes")
            }
            var profile = dataset.athlete
            if let handle { profile.handle = handle.rawValue }
            try Handle.validate(profile.handle)
            try AthleteValidation.check(profile)
            let athleteId = AthleteID(ids.next())
            try write { db in
                let keyring = try insertAthlete(db, id: athleteId, profile: profile, actor: actor)
                let (stored, aliases) = try importedIds(db, keyring: keyring).storing(dataset)
                summary = try importRecords(
                    db, keyring: keyring, profile: nil,
                    plain: try DatasetRecords.records(of: stored), actor: actor, aliases: aliases)
            }
            summary.createdAthlete = true
            return summary
        }
        return try importRecords(dataset, into: try openAthlete(handle, as: actor))
    }

    /// Imports a dataset into an athlete the command opened already, all or nothing, as
    /// `importDataset` does for an athlete named by handle.
    ///
    /// - Throws: `StoreError.retiredEpoch` when the athlete's key was rotated since it was opened.
    public func importDataset(_ dataset: AthleteDataset, into athlete: AthleteAccess) throws
        -> ImportSummary
    {
        _ = try DatasetRecords.records(of: dataset)  // the file's own ids in any error
        return try importRecords(dataset, into: athlete)
    }

    /// Writes the records of `dataset` into an opened athlete, in one transaction.
    private func importRecords(_ dataset: AthleteDataset, into athlete: AthleteAccess) throws
        -> ImportSummary
    {
        let actor = athlete.actor
        guard actor.isStaff || actor.athleteId == athlete.id else {
            throw StoreError.permissionDenied("not your athlete")
        }
        try AthleteValidation.check(dataset.athlete)
        return try write { db in
            let keyring = try writingKeyring(db, athlete)
            let (stored, aliases) = try importedIds(db, keyring: keyring).storing(dataset)
            return try importRecords(
                db, keyring: keyring, profile: dataset.athlete,
                plain: try DatasetRecords.records(of: stored), actor: actor,
                profileKeys: dataset.athleteKeys, aliases: aliases)
        }
    }

    /// Writes a dataset's records into an athlete in the open transaction, then its snapshot.
    ///
    /// Each entry is encoded and decoded once (`DatasetItem.normalized`), compared with the
    /// existing record of its id, and sealed from the decoded value; the snapshot is written from
    /// the values at hand (the records kept and the records written) rather than decrypted back
    /// from the rows.
    func importRecords(
        _ db: Database, keyring: AthleteKeyring, profile: AthleteProfile?, plain: [PlainRecord],
        actor: Principal, profileKeys: Set<String>? = nil, aliases: [String: [String]] = [:]
    ) throws -> ImportSummary {
        let athleteId = keyring.athleteId
        try noteRecordsChanged(db, athleteId: athleteId, actor: actor)
        var summary = ImportSummary()
        var existing: [String: StoredRecord] = [:]
        for r in try fetchRecords(db, keyring: keyring) { existing[r.id] = r }
        var all = plain
        if let given = profile {
            let old = try loadProfile(db, keyring: keyring)
            var profile = given.merged(onto: old, keys: profileKeys)
            try Self.checkProfileChange(from: old, to: profile, by: actor)
            profile.handle = old.handle
            all.append(PlainRecord(id: "profile", day: "", item: .profile(profile)))
        }
        var written: [(id: String, day: String, item: DatasetItem)] = []
        for r in all {
            let (payload, item) = try r.item.normalized()
            if existing[r.id] == nil,
                let alias = aliases[r.id]?.first(where: { existing[$0] != nil }),
                let old = existing.removeValue(forKey: alias)
            {
                // Stored under an earlier key's id, or as written by an earlier version: the
                // record moves to its current id.
                guard old.kind == r.kind else {
                    throw StoreError.recordKindClash(id: r.id, existingKind: old.kind.rawValue)
                }
                try deleteRecordRow(db, keyring: keyring, id: RecordID(alias), actor: actor)
                summary.updated += 1
            } else if let old = existing[r.id] {
                guard old.kind == r.kind else {
                    throw StoreError.recordKindClash(id: r.id, existingKind: old.kind.rawValue)
                }
                if old.payload == payload && old.day == r.day {
                    summary.unchanged += 1
                    continue
                }
                summary.updated += 1
            } else {
                summary.added += 1
            }
            try Self.checkRecordChange(kind: r.kind, by: actor)
            if summary.added + summary.updated == 1 { try dropSnapshot(db, athleteId: athleteId) }
            try writeRecordRow(
                db, keyring: keyring, id: RecordID(r.id), kind: r.kind, day: r.day
            ) {
                try item.sealedPlaintext(id: r.id)
            }
            written.append((r.id, r.day, item))
        }
        guard summary.added + summary.updated > 0 else { return summary }
        try appendAudit(
            db, actor: actor, action: "import.json", athleteId: athleteId,
            target: "\(summary.added) added, \(summary.updated) updated")
        let replaced = Set(written.map(\.id))
        var items: [(day: String, item: DatasetItem)] = []
        items.reserveCapacity(existing.count + written.count)
        for r in existing.values where r.kind != .profile && !replaced.contains(r.id) {
            items.append((r.day, try DatasetItem(kind: r.kind, payload: r.payload)))
        }
        for r in written where r.item.kind != .profile { items.append((r.day, r.item)) }
        try saveSnapshot(
            db, keyring: keyring, profile: try loadProfile(db, keyring: keyring), items: items)
        return summary
    }
}
