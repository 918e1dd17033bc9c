import CoachCodec
import CoachCrypto
import CoachKit
import Foundation
import GRDB

/// The encrypted snapshot: a compact, encrypted copy of each athlete's whole dataset, cut into
/// chunks — the records of one kind whose record day falls in one calendar month — listed by one
/// section row per record kind.
///
/// Records stay the source of truth. The snapshot exists so that a read decrypts a few blobs
/// instead of thousands of records, and a view decrypts only the months it reads (see
/// `Workspace+CarriedView.swift`). Invariant: an athlete has all nine section rows and exactly
/// the chunks they list, or no snapshot at all, and the chunks equal the athlete's records,
/// because every record write updates its chunks and its section row or drops the snapshot in
/// the same transaction. A section row holds the profile, or its kind's chunk list with each
/// chunk's record count and digest; it is sealed under a subkey of the newest epoch at the time
/// it was written with the athlete id, section and epoch as associated data, a chunk with its
/// period as well. Rows are padded to 256 bytes. A chunk deleted, rolled back or moved no longer
/// matches its section row and is tampering. Logging a mood re-seals one wellness chunk and the
/// wellness section row.
extension Workspace {
    static let chunkPadBlock = 256

    static func chunkAD(athleteId: String, section: String, period: Int, epoch: Int) -> [UInt8] {
        AssociatedData("coach/1/snapshot-chunk").with(athleteId, section, period, epoch).bytes
    }

    static func chunkDigest(nonce: [UInt8], ciphertext: [UInt8]) -> [UInt8] {
        Hashing.blake2b(nonce + ciphertext, length: 16)
    }

    static var snapshotDamaged: StoreError {
        .tampered("the snapshot of an athlete", remedy: .repairSnapshots)
    }

    /// Opens one sealed chunk row and inflates its plaintext.
    func openChunkRow(
        _ row: Row, keyring: AthleteKeyring, section: String, period: Int, _ db: Database
    ) throws -> (plain: [UInt8], digest: [UInt8]) {
        let epoch: Int = row["epoch"]
        guard epoch <= keyring.currentEpoch else { throw Self.snapshotDamaged }
        let nonce = [UInt8](row["nonce"] as Data), ciphertext = [UInt8](row["ciphertext"] as Data)
        do {
            let padded = try AEAD.open(
                SealedPayload(nonce: nonce, ciphertext: ciphertext),
                ad: Self.chunkAD(
                    athleteId: keyring.athleteId, section: section, period: period, epoch: epoch),
                key: try keyring.snapshotKey(epoch: epoch, db))
            return (
                try ChunkCompression.decompress(
                    try Padding.unpad(padded, blockSize: Self.chunkPadBlock)),
                Self.chunkDigest(nonce: nonce, ciphertext: ciphertext)
            )
        } catch {
            throw Self.snapshotDamaged
        }
    }

    static func snapshotAD(athleteId: String, section: RecordKind, epoch: Int) -> [UInt8] {
        AssociatedData("coach/1/snapshot").with(athleteId, section.rawValue, epoch).bytes
    }

    /// The athlete's snapshot manifest from the nine section rows, or nil when there is no
    /// complete snapshot (or one of an older layout, which is rebuilt).
    ///
    /// - Throws: `StoreError.tampered` when a section row does not open or decode.
    func openManifest(_ db: Database, keyring: AthleteKeyring) throws -> SnapshotManifest? {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT section, epoch, nonce, ciphertext FROM snapshots WHERE athlete_id = ?"),
            arguments: [keyring.athleteId])
        guard rows.count == SnapshotCoding.sections.count else { return nil }
        var m = SnapshotManifest(profile: AthleteProfile(handle: "", name: ""))
        for row in rows {
            guard let section = RecordKind(rawValue: row["section"]) else {
                throw Self.snapshotDamaged
            }
            let epoch: Int = row["epoch"]
            guard epoch <= keyring.currentEpoch else { throw Self.snapshotDamaged }
            try checkSnapshotEpoch(
                db, athleteId: keyring.athleteId, sectionEpoch: epoch,
                current: keyring.currentEpoch)
            let nonce = [UInt8](row["nonce"] as Data)
            let ciphertext = [UInt8](row["ciphertext"] as Data)
            do {
                let padded = try AEAD.open(
                    SealedPayload(nonce: nonce, ciphertext: ciphertext),
                    ad: Self.snapshotAD(
                        athleteId: keyring.athleteId, section: section, epoch: epoch),
                    key: try keyring.snapshotKey(epoch: epoch, db))
                let plain = try Padding.unpad(padded, blockSize: Self.chunkPadBlock)
                guard try m.decode(section, from: plain) else { return nil }
            } catch {
                throw Self.snapshotDamaged
            }
            if section == .profile {
                m.profileDigest = Self.chunkDigest(nonce: nonce, ciphertext: ciphertext)
            }
        }
        return m
    }

    /// Seals the section rows of `sections` from `manifest` under the newest epoch.
    func saveManifest(
        _ db: Database, keyring: AthleteKeyring, _ manifest: inout SnapshotManifest,
        sections: [RecordKind] = SnapshotCoding.sections
    ) throws {
        let epoch = keyring.currentEpoch
        let key = try keyring.snapshotKey(epoch: epoch, db)
        for section in sections {
            let sealed = try AEAD.seal(
                Padding.pad(try manifest.encode(section), blockSize: Self.chunkPadBlock),
                ad: Self.snapshotAD(athleteId: keyring.athleteId, section: section, epoch: epoch),
                key: key, random: random)
            try db.execute(
                sql: """
                    INSERT INTO snapshots (athlete_id, section, epoch, nonce, ciphertext)
                    VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (athlete_id, section) DO UPDATE SET epoch = excluded.epoch,
                        nonce = excluded.nonce, ciphertext = excluded.ciphertext
                    """,
                arguments: [
                    keyring.athleteId, section.rawValue, epoch, Data(sealed.nonce),
                    Data(sealed.ciphertext),
                ])
            if section == .profile {
                manifest.profileDigest = Self.chunkDigest(
                    nonce: sealed.nonce, ciphertext: sealed.ciphertext)
            }
        }
    }

    /// The profile and the records of the chunks of periods from `fromPeriod` on (all when
    /// nil) through `throughPeriod` (to the end when nil), in canonical order.
    ///
    /// - Throws: `StoreError.tampered` when a chunk does not open or decode, is missing, or is
    ///   not the one the manifest lists.
    func openChunks(
        _ db: Database, keyring: AthleteKeyring, manifest: SnapshotManifest, fromPeriod: Int? = nil,
        throughPeriod: Int? = nil
    ) throws -> AthleteDataset {
        let from = fromPeriod ?? Int.min, through = throughPeriod ?? Int.max
        var d = AthleteDataset(athlete: manifest.profile)
        var expected = manifest.entries.filter { $0.key.period >= from && $0.key.period <= through }
        guard !expected.isEmpty else { return d }
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT section, period, epoch, nonce, ciphertext FROM snapshot_chunks
                    WHERE athlete_id = ? AND period >= ? AND period <= ?
                    """),
            arguments: [keyring.athleteId, from, through])
        while let row = try rows.next() {
            let section: String = row["section"], period: Int = row["period"]
            guard let kind = RecordKind(rawValue: section), kind != .profile,
                let entry = expected.removeValue(forKey: ChunkKey(section: kind, period: period))
            else { throw Self.snapshotDamaged }
            let (plain, digest) = try openChunkRow(
                row, keyring: keyring, section: section, period: period, db)
            guard digest == entry.digest else { throw Self.snapshotDamaged }
            do {
                guard try SnapshotCoding.decode(kind, appendingFrom: plain, into: &d) else {
                    throw CompactReader.Malformed()
                }
            } catch {
                throw Self.snapshotDamaged
            }
        }
        guard expected.isEmpty else { throw Self.snapshotDamaged }
        d.sortCanonically()
        return d
    }

    /// The athlete's whole dataset from the snapshot, or nil when there is none.
    ///
    /// - Throws: `StoreError.tampered` when a chunk or the manifest does not open or match.
    func loadSnapshot(_ db: Database, keyring: AthleteKeyring) throws -> AthleteDataset? {
        guard let manifest = try openManifest(db, keyring: keyring) else { return nil }
        return try openChunks(db, keyring: keyring, manifest: manifest)
    }

    /// Compresses and seals one chunk under the newest epoch, and writes it.
    ///
    /// - Returns: the digest the manifest keeps for it.
    @discardableResult
    func sealChunk(
        _ db: Database, keyring: AthleteKeyring, section: String, period: Int, _ plain: [UInt8]
    ) throws -> [UInt8] {
        let key = ChunkKey(section: RecordKind(rawValue: section) ?? .profile, period: period)
        return try storeChunk(
            db, keyring: keyring, key, try sealedChunk(db, keyring: keyring, key, plain))
    }

    /// Drops the athlete's snapshot and the state carried from it.
    func dropSnapshot(_ db: Database, athleteId: String) throws {
        try db.execute(sql: "DELETE FROM snapshots WHERE athlete_id = ?", arguments: [athleteId])
        try db.execute(
            sql: "DELETE FROM snapshot_chunks WHERE athlete_id = ?", arguments: [athleteId])
        try dropCarried(db, athleteId: athleteId)
    }

    /// Writes the whole snapshot from records given by kind, record day and JSON payload.
    ///
    /// - Returns: the whole dataset, in canonical order.
    @discardableResult
    func saveSnapshot(
        _ db: Database, keyring: AthleteKeyring, profile: AthleteProfile,
        records: [(kind: RecordKind, day: String, payload: [UInt8])]
    ) throws -> AthleteDataset {
        try saveSnapshot(
            db, keyring: keyring, profile: profile,
            items: records.filter { $0.kind != .profile }.map {
                ($0.day, try DatasetItem(kind: $0.kind, payload: $0.payload))
            })
    }

    /// Writes the whole snapshot from records given by record day and model value.
    ///
    /// - Returns: the whole dataset, in canonical order.
    @discardableResult
    func saveSnapshot(
        _ db: Database, keyring: AthleteKeyring, profile: AthleteProfile,
        items: [(day: String, item: DatasetItem)]
    ) throws -> AthleteDataset {
        try dropSnapshot(db, athleteId: keyring.athleteId)
        var parts: [ChunkKey: AthleteDataset] = [:]
        var whole = AthleteDataset(athlete: profile)
        for (day, item) in items where item.kind != .profile {
            let key = ChunkKey(section: item.kind, period: SnapshotPeriod.of(day: day))
            item.append(to: &parts[key, default: AthleteDataset(athlete: profile)])
            item.append(to: &whole)
        }
        var manifest = SnapshotManifest(profile: profile)
        manifest.entries = try storeChunks(db, keyring: keyring, parts)
        try saveManifest(db, keyring: keyring, &manifest)
        whole.sortCanonically()
        return whole
    }

    /// Builds the athlete's dataset from the records (the slow path) and stores it as the snapshot.
    @discardableResult
    func rebuildSnapshot(_ db: Database, keyring: AthleteKeyring) throws -> AthleteDataset {
        let records = try fetchRecords(db, keyring: keyring)
        guard let profileRecord = records.first(where: { $0.kind == .profile }) else {
            throw StoreError.tampered("the profile of an athlete")
        }
        let profile = try JSONCoding.decode(AthleteProfile.self, from: profileRecord.payload)
        return try saveSnapshot(
            db, keyring: keyring, profile: profile,
            records: records.map { ($0.kind, $0.day, $0.payload) })
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
