import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// What `importDataset` would do with the same arguments, without writing anything: the
    /// same validation, the same counts of added, updated and unchanged records.
    ///
    /// - Throws: what `importDataset` throws for a bad file, an unknown athlete or a record
    ///   whose id belongs to another kind.
    public func previewImport(
        _ dataset: AthleteDataset, handle: Handle?, create: Bool, as actor: Principal
    ) throws -> ImportSummary {
        let plain = try DatasetRecords.records(of: dataset)
        var summary = ImportSummary()
        if create {
            guard actor.isStaff else {
                throw StoreError.permissionDenied("athletes cannot create athletes")
            }
            var profile = dataset.athlete
            if let handle { profile.handle = handle.rawValue }
            try Handle.validate(profile.handle)
            try AthleteValidation.check(profile)
            try Self.checkProfileChange(from: nil, to: profile, by: actor)
            if plain.contains(where: { $0.kind == .week }) {
                try Self.checkRecordChange(kind: .week, by: actor)
            }
            summary.added = plain.count
            summary.createdAthlete = true
            return summary
        }
        return try preview(dataset, into: try openAthlete(handle, as: actor))
    }

    /// What `importDataset(_:into:)` would do, without writing anything.
    public func previewImport(_ dataset: AthleteDataset, into athlete: AthleteAccess) throws
        -> ImportSummary
    {
        _ = try DatasetRecords.records(of: dataset)  // the file's own ids in any error
        return try preview(dataset, into: athlete)
    }

    /// Counts what writing the records of `dataset` into an opened athlete would do, with the
    /// ids the import would store (`ImportedIds`).
    private func preview(_ dataset: AthleteDataset, into athlete: AthleteAccess) throws
        -> ImportSummary
    {
        let actor = athlete.actor, keyring = athlete.keyring
        guard actor.isStaff || actor.athleteId == athlete.id else {
            throw StoreError.permissionDenied("not your athlete")
        }
        try AthleteValidation.check(dataset.athlete)
        var summary = ImportSummary()
        return try read { db in
            // The profile counts as the real import counts it: the fields the file holds over
            // the kept ones.
            let kept = try loadProfile(db, keyring: keyring)
            let profile = dataset.athlete.merged(onto: kept, keys: dataset.athleteKeys)
            try Self.checkProfileChange(from: kept, to: profile, by: actor)
            var existing: [String: StoredRecord] = [:]
            for r in try fetchRecords(db, keyring: keyring) { existing[r.id] = r }
            let (stored, aliases) = try importedIds(db, keyring: keyring).storing(dataset)
            let plain = try DatasetRecords.records(of: stored)
            let all = plain + [PlainRecord(id: "profile", day: "", item: .profile(profile))]
            for r in all {
                if existing[r.id] == nil,
                    let alias = aliases[r.id]?.first(where: { existing[$0] != nil }),
                    let old = existing.removeValue(forKey: alias)
                {
                    // The real import moves it to its current id.
                    guard old.kind == r.kind else {
                        throw StoreError.recordKindClash(id: r.id, existingKind: old.kind.rawValue)
                    }
                    try Self.checkRecordChange(kind: r.kind, by: actor)
                    summary.updated += 1
                    continue
                }
                guard let old = existing[r.id] else {
                    try Self.checkRecordChange(kind: r.kind, by: actor)
                    summary.added += 1
                    continue
                }
                guard old.kind == r.kind else {
                    throw StoreError.recordKindClash(id: r.id, existingKind: old.kind.rawValue)
                }
                if old.day == r.day, try old.payload == r.payload() {
                    summary.unchanged += 1
                } else {
                    try Self.checkRecordChange(kind: r.kind, by: actor)
                    summary.updated += 1
                }
            }
            return summary
        }
    }
}
