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
        return try preview(plain, dataset, into: try openAthlete(handle, as: actor))
    }

    /// What `importDataset(_:into:)` would do, without writing anything.
    public func previewImport(_ dataset: AthleteDataset, into athlete: AthleteAccess) throws
        -> ImportSummary
    {
        return try preview(try DatasetRecords.records(of: dataset), dataset, into: athlete)
    }

    /// Counts what writing `plain` (the records of `dataset`) into an opened athlete would do.
    private func preview(
        _ plain: [PlainRecord], _ dataset: AthleteDataset, into athlete: AthleteAccess
    ) throws -> ImportSummary {
        let actor = athlete.actor, keyring = athlete.keyring
        guard actor.isStaff || actor.athleteId == athlete.id else {
            throw StoreError.permissionDenied("not your athlete")
        }
        try AthleteValidation.check(dataset.athlete)
        var summary = ImportSummary()
        return try read { db in
            try Self.checkProfileChange(
                from: try loadProfile(db, keyring: keyring), to: dataset.athlete, by: actor)
            var existing: [String: StoredRecord] = [:]
            for r in try fetchRecords(db, keyring: keyring) { existing[r.id] = r }
            for r in plain {
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
