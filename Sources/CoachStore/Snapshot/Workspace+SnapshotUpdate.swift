import CoachCodec
import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// Applies one record write to the chunks it touches, if the athlete has a snapshot.
    ///
    /// Only the chunk the record leaves (`remove`, by its old record day) and the chunk it
    /// enters (`insert`) are opened and re-sealed, with the manifest. A change that cannot be
    /// applied (a payload that does not decode as its kind) drops the snapshot instead of failing
    /// the write: the records stay the truth, and the next read rebuilds from them. A manifest
    /// or chunk that fails to open is tampering: it is thrown, never dropped. A state
    /// carried from a period the write touches (or from the profile) is dropped in the same
    /// transaction, so it is never used against changed records.
    func updateSnapshot(
        _ db: Database, keyring: AthleteKeyring, kind: RecordKind,
        remove: (id: String, day: String)?, insert: (id: String, day: String, payload: [UInt8])?
    ) throws {
        let removeKey = remove.map {
            ChunkKey(section: kind, period: SnapshotPeriod.of(day: $0.day))
        }
        let insertKey = insert.map {
            ChunkKey(section: kind, period: SnapshotPeriod.of(day: $0.day))
        }
        let keys = Set([removeKey, insertKey].compactMap { $0 })
        try invalidateCarried(
            db, athleteId: keyring.athleteId,
            fromPeriod: kind == .profile ? Int.min : keys.map(\.period).min())
        // A manifest or chunk that does not open is tampering and stops the write; only a
        // snapshot that is incomplete (or of an older layout) is dropped to be rebuilt.
        guard var manifest = try openManifest(db, keyring: keyring) else {
            try dropSnapshot(db, athleteId: keyring.athleteId)
            return
        }
        if kind == .profile {
            guard let insert,
                let profile = try? JSONCoding.decode(AthleteProfile.self, from: insert.payload)
            else {
                try dropSnapshot(db, athleteId: keyring.athleteId)
                return
            }
            manifest.profile = profile
            try saveManifest(db, keyring: keyring, &manifest, sections: [.profile])
            return
        }
        var parts: [ChunkKey: AthleteDataset] = [:]
        // A chunk that does not open is tampering and is thrown; a change that cannot be
        // applied to the opened chunks drops the snapshot.
        for key in keys {
            parts[key] = try openChunk(db, keyring: keyring, key, manifest: manifest)
        }
        do {
            if let remove, let removeKey { parts[removeKey]!.removeRecord(id: remove.id) }
            if let insert, let insertKey {
                try parts[insertKey]!.upsertRecord(
                    id: insert.id, kind: kind, payload: insert.payload)
            }
        } catch {
            try dropSnapshot(db, athleteId: keyring.athleteId)
            return
        }
        for (key, part) in parts {
            let count = part.count(of: kind)
            if count == 0 {
                try db.execute(
                    sql: """
                        DELETE FROM snapshot_chunks WHERE athlete_id = ? AND section = ? AND period = ?
                        """, arguments: [keyring.athleteId, kind.rawValue, key.period])
                manifest.entries[key] = nil
                continue
            }
            let digest = try sealChunk(
                db, keyring: keyring, section: kind.rawValue, period: key.period,
                try SnapshotCoding.encode(kind, of: part))
            manifest.entries[key] = .init(count: count, digest: digest)
        }
        try saveManifest(db, keyring: keyring, &manifest, sections: [kind])
    }

    /// One chunk's records (empty when the manifest lists none there).
    ///
    /// - Throws: `StoreError.tampered` when it does not open or match the manifest.
    private func openChunk(
        _ db: Database, keyring: AthleteKeyring, _ key: ChunkKey, manifest: SnapshotManifest
    ) throws -> AthleteDataset {
        var d = AthleteDataset(athlete: AthleteProfile(handle: "", name: ""))
        guard let entry = manifest.entries[key] else { return d }
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT epoch, nonce, ciphertext FROM snapshot_chunks
                        WHERE athlete_id = ? AND section = ? AND period = ?
                        """),
                arguments: [keyring.athleteId, key.section.rawValue, key.period])
        else { throw Self.snapshotDamaged }
        let (plain, digest) = try openChunkRow(
            row, keyring: keyring, section: key.section.rawValue, period: key.period, db)
        guard digest == entry.digest,
            try SnapshotCoding.decode(key.section, from: plain, into: &d)
        else { throw Self.snapshotDamaged }
        return d
    }
}
