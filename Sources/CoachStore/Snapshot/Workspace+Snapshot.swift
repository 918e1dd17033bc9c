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

/// The encrypted snapshot: one compact, encrypted copy of each athlete's whole dataset.
///
/// Records stay the source of truth. The snapshot exists so that a read decrypts one blob
/// instead of thousands of records: invariant, a snapshot row exists only while it equals the
/// athlete's records, because every record write updates or drops it in the same transaction.
/// It is sealed under a subkey of the newest epoch at the time of writing, with the athlete id
/// and epoch as associated data, and padded to 4 KiB so its size says little more than the
/// records' row count already does.
extension Workspace {
    static let snapshotPadBlock = 4096

    static func snapshotAD(athleteId: String, epoch: Int) -> [UInt8] {
        AssociatedData("coach/1/snapshot").with(athleteId, epoch).bytes
    }

    /// The athlete's dataset from the snapshot, or nil when there is none or it is of an older layout.
    ///
    /// - Throws: `StoreError.tampered` when the snapshot does not decrypt or decode.
    func loadSnapshot(_ db: Database, keyring: AthleteKeyring) throws -> AthleteDataset? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM snapshots WHERE athlete_id = ?"),
                                         arguments: [keyring.athleteId]) else { return nil }
        let epoch: Int = row["epoch"]
        guard epoch <= keyring.currentEpoch else { throw StoreError.tampered("the snapshot of an athlete") }
        let key = try keyring.snapshotKey(epoch: epoch, db)
        do {
            let padded = try AEAD.open(SealedPayload(nonce: [UInt8](row["nonce"] as Data),
                                                     ciphertext: [UInt8](row["ciphertext"] as Data)),
                                       ad: Self.snapshotAD(athleteId: keyring.athleteId, epoch: epoch), key: key)
            return try SnapshotCoding.decode(try Padding.unpad(padded, blockSize: Self.snapshotPadBlock))
        } catch {
            throw StoreError.tampered("the snapshot of an athlete (run `coach doctor --repair`)")
        }
    }

    /// Seals `dataset` as the athlete's snapshot under the newest epoch.
    func saveSnapshot(_ db: Database, keyring: AthleteKeyring, _ dataset: AthleteDataset) throws {
        let key = try keyring.snapshotKey(epoch: keyring.currentEpoch, db)
        let plain = Padding.pad(try SnapshotCoding.encode(dataset), blockSize: Self.snapshotPadBlock)
        let sealed = try AEAD.seal(plain, ad: Self.snapshotAD(athleteId: keyring.athleteId, epoch: keyring.currentEpoch),
                                   key: key, random: random)
        try db.execute(sql: """
            INSERT INTO snapshots (athlete_id, epoch, nonce, ciphertext) VALUES (?, ?, ?, ?)
            ON CONFLICT (athlete_id) DO UPDATE SET epoch = excluded.epoch, nonce = excluded.nonce,
                ciphertext = excluded.ciphertext
            """, arguments: [keyring.athleteId, keyring.currentEpoch, Data(sealed.nonce), Data(sealed.ciphertext)])
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

    /// Applies one record write to the snapshot, if the athlete has one.
    ///
    /// A change that cannot be applied (a payload that does not decode as its kind) drops the
    /// snapshot instead of failing the write: the records stay the truth, and the next read
    /// reports them as they are.
    func updateSnapshot(_ db: Database, keyring: AthleteKeyring, upkeep: SnapshotUpkeep,
                        _ change: (inout AthleteDataset) throws -> Void) throws {
        guard upkeep == .apply, var dataset = try? loadSnapshot(db, keyring: keyring) else {
            try dropSnapshot(db, athleteId: keyring.athleteId)
            return
        }
        do {
            try change(&dataset)
        } catch {
            try dropSnapshot(db, athleteId: keyring.athleteId)
            return
        }
        try saveSnapshot(db, keyring: keyring, dataset)
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
