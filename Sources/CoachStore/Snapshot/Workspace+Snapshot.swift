import CoachCrypto
import CoachKit
import Foundation
import GRDB

/// How a record write treats the athlete's snapshot.
enum SnapshotUpkeep {
    /// Apply the change to the snapshot in the same transaction (single writes).
    case apply
    /// Drop the snapshot; the caller rebuilds it once at the end of a bulk write.
    case drop
}

/// The encrypted snapshot: a compact, encrypted copy of each athlete's whole dataset, one
/// section (row) per record kind.
///
/// Records stay the source of truth. The snapshot exists so that a read decrypts nine blobs
/// instead of thousands of records. Invariant: an athlete has either every section or none, and
/// the sections equal the athlete's records, because every record write updates its kind's
/// section or drops the snapshot in the same transaction. A section is sealed under a subkey of
/// the newest epoch at the time it was written, with the athlete id, section and epoch as
/// associated data, and padded to 4 KiB so its size says little more than the records' row
/// count already does. Sections keep a write cheap: logging a mood re-seals the wellness section
/// only.
extension Workspace {
    static let snapshotPadBlock = 4096

    static func snapshotAD(athleteId: String, section: RecordKind, epoch: Int) -> [UInt8] {
        AssociatedData("coach/1/snapshot").with(athleteId, section.rawValue, epoch).bytes
    }

    /// Opens the given sections (all when nil) of the athlete's snapshot.
    ///
    /// - Returns: the plaintext per section; nil when the athlete has no complete snapshot.
    /// - Throws: `StoreError.tampered` when a section does not decrypt.
    private func openSections(_ db: Database, keyring: AthleteKeyring, only: RecordKind? = nil)
        throws -> [RecordKind: [UInt8]]?
    {
        let count = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(*) FROM snapshots WHERE athlete_id = ?"),
            arguments: [keyring.athleteId])
        guard count == SnapshotCoding.sections.count else { return nil }
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT * FROM snapshots WHERE athlete_id = ? AND (?2 IS NULL OR section = ?2)
                    """), arguments: [keyring.athleteId, only?.rawValue])
        var out: [RecordKind: [UInt8]] = [:]
        for row in rows {
            let damaged = StoreError.tampered(
                "the snapshot of an athlete", remedy: .repairSnapshots)
            guard let section = RecordKind(rawValue: row["section"]) else { throw damaged }
            let epoch: Int = row["epoch"]
            guard epoch <= keyring.currentEpoch else { throw damaged }
            let key = try keyring.snapshotKey(epoch: epoch, db)
            do {
                let padded = try AEAD.open(
                    SealedPayload(
                        nonce: [UInt8](row["nonce"] as Data),
                        ciphertext: [UInt8](row["ciphertext"] as Data)),
                    ad: Self.snapshotAD(
                        athleteId: keyring.athleteId, section: section, epoch: epoch),
                    key: key)
                out[section] = try Padding.unpad(padded, blockSize: Self.snapshotPadBlock)
            } catch {
                throw damaged
            }
        }
        return out
    }

    /// The athlete's dataset from the snapshot, or nil when there is none or it is of an older layout.
    ///
    /// - Throws: `StoreError.tampered` when a section does not decrypt or decode.
    func loadSnapshot(_ db: Database, keyring: AthleteKeyring) throws -> AthleteDataset? {
        guard let parts = try openSections(db, keyring: keyring) else { return nil }
        do {
            return try SnapshotCoding.decode(parts)
        } catch {
            throw StoreError.tampered("the snapshot of an athlete", remedy: .repairSnapshots)
        }
    }

    /// Seals `sections` of `dataset` (all when nil) under the newest epoch.
    func saveSnapshot(
        _ db: Database, keyring: AthleteKeyring, _ dataset: AthleteDataset,
        sections: [RecordKind] = SnapshotCoding.sections
    ) throws {
        let key = try keyring.snapshotKey(epoch: keyring.currentEpoch, db)
        for section in sections {
            let plain = Padding.pad(
                try SnapshotCoding.encode(section, of: dataset), blockSize: Self.snapshotPadBlock)
            let sealed = try AEAD.seal(
                plain,
                ad: Self.snapshotAD(
                    athleteId: keyring.athleteId, section: section,
                    epoch: keyring.currentEpoch),
                key: key, random: random)
            try db.execute(
                sql: """
                    INSERT INTO snapshots (athlete_id, section, epoch, nonce, ciphertext) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (athlete_id, section) DO UPDATE SET epoch = excluded.epoch, nonce = excluded.nonce,
                        ciphertext = excluded.ciphertext
                    """,
                arguments: [
                    keyring.athleteId, section.rawValue, keyring.currentEpoch, Data(sealed.nonce),
                    Data(sealed.ciphertext),
                ])
        }
    }

    func dropSnapshot(_ db: Database, athleteId: String) throws {
        try db.execute(sql: "DELETE FROM snapshots WHERE athlete_id = ?", arguments: [athleteId])
    }

    /// Builds the athlete's dataset from the records (the slow path) and stores it as the snapshot.
    @discardableResult
    func rebuildSnapshot(_ db: Database, keyring: AthleteKeyring) throws -> AthleteDataset {
        let dataset = try datasetFromRecords(db, keyring: keyring)
        try saveSnapshot(db, keyring: keyring, dataset)
        return dataset
    }

    /// Applies one write of a `kind` record to that section of the snapshot, if the athlete has one.
    ///
    /// Only the section of `kind` is opened and re-sealed. A change that cannot be applied (a
    /// payload that does not decode as its kind) drops the snapshot instead of failing the write:
    /// the records stay the truth, and the next read rebuilds from them.
    func updateSnapshot(
        _ db: Database, keyring: AthleteKeyring, kind: RecordKind, upkeep: SnapshotUpkeep,
        _ change: (inout AthleteDataset) throws -> Void
    ) throws {
        guard upkeep == .apply, let parts = try? openSections(db, keyring: keyring, only: kind),
            let bytes = parts[kind]
        else {
            try dropSnapshot(db, athleteId: keyring.athleteId)
            return
        }
        var dataset = AthleteDataset(athlete: AthleteProfile(handle: "", name: ""))
        do {
            guard try SnapshotCoding.decode(kind, from: bytes, into: &dataset) else {
                throw CompactReader.Malformed()
            }
            try change(&dataset)
        } catch {
            try dropSnapshot(db, athleteId: keyring.athleteId)
            return
        }
        try saveSnapshot(db, keyring: keyring, dataset, sections: [kind])
    }

    /// Decrypts and decodes every record of the athlete (the path the snapshot saves).
    func datasetFromRecords(_ db: Database, keyring: AthleteKeyring) throws -> AthleteDataset {
        let records = try fetchRecords(db, keyring: keyring)
        guard let profileRecord = records.first(where: { $0.kind == .profile }) else {
            throw StoreError.tampered("the profile of an athlete")
        }
        let profile = try JSONCoding.decode(AthleteProfile.self, from: profileRecord.payload)
        return try DatasetRecords.assemble(profile: profile, records: records)
    }
}
